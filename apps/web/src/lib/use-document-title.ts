import { useEffect } from 'react';

/** Names the browser tab after the page: "Profile · Yuk Tender". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Yuk Tender` : 'Yuk Tender';
  }, [title]);
}
