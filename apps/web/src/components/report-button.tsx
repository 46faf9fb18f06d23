import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths, REPORT_REASONS, type Report, type ReportSubject } from '@yuk/shared';
import { toast } from '../lib/toast';
import i18n from '../i18n';
import { api, errorMessage } from '../lib/api-client';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';
import { SelectField } from './ui/select-field';
import { TextAreaField } from './ui/text-area-field';

/**
 * Tells the moderators about a company, a tender, a question or a message (fraud, no-show, late payment, spam, other) with
 * an optional text. The server allows ten a day.
 */
export function ReportButton({ subjectType, subjectId }: { subjectType: ReportSubject; subjectId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<(typeof REPORT_REASONS)[number]>('fraud');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      await api.post<Report>(
        apiPaths.reports.collection,
        { subject_type: subjectType, subject_id: subjectId, reason, ...(text.trim() ? { text } : {}) },
        { errorMessage: i18n.t('terms.reportFailed') },
      );
      toast.success(t('terms.reportSent'));
      setOpen(false);
      setText('');
    } catch (error) {
      toast.error(errorMessage(error, t('terms.reportFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t('terms.report')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('terms.report')}
        confirmLabel={t('terms.reportSend')}
        pendingLabel={t('terms.reportSending')}
        pending={sending}
        variant="danger"
        onConfirm={() => void send()}
        onClose={() => setOpen(false)}
      >
        <div className="flex flex-col gap-3">
          <SelectField
            label={t('terms.reportReason')}
            value={reason}
            onChange={(event) => setReason(event.target.value as (typeof REPORT_REASONS)[number])}
            options={REPORT_REASONS.map((value) => ({ value, label: t(`terms.reportReasons.${value}`) }))}
          />
          <TextAreaField
            label={t('terms.reportText')}
            value={text}
            maxLength={2000}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}
