import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  variant?: ButtonVariant;
  /** The button that closes without doing anything (common.cancel unless a screen's own text is asked for). */
  cancelLabel?: string;
}

/** Asks before a decision that cannot be undone; stays open (and cannot be sent twice) while the call is on its way. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onClose,
  variant = 'primary',
  cancelLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={variant} onClick={onConfirm} pending={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {typeof children === 'string' ? <p>{children}</p> : children}
    </Modal>
  );
}
