import { zodResolver } from '@hookform/resolvers/zod';
import { placeBidInput } from '@yuk/shared';

// the bid form's validation, loaded apart from the form itself (see lib/lazy-resolver)
export const bidResolver = zodResolver(placeBidInput);
