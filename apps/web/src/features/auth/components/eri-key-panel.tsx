import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { KeyIcon } from '../../../components/ui/icons';
import { setUserFlag } from '../../../lib/session';

/** ERI-Key: selecting a key sets the user flag; it does not sign in by itself. */
export function EriKeyPanel() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-navy-800 text-sky-300">
        <KeyIcon className="size-7" />
      </span>
      <p className="text-sm text-slate-300">{t('auth.eriKey.hint')}</p>
      <Button
        size="lg"
        fullWidth
        onClick={() => {
          setUserFlag();
          toast.success(t('auth.eriKey.selected'));
        }}
      >
        {t('auth.eriKey.select')}
      </Button>
    </div>
  );
}
