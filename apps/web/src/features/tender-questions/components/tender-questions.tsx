import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_TEXT_MAX, type Tender, type TenderQuestion } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { ReportButton } from '../../../components/report-button';
import { Button } from '../../../components/ui/button';
import { LinkedText } from '../../../components/ui/linked-text';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useOnline } from '../../../lib/use-online';
import { useAnswerQuestion } from '../api/answer-question';
import { useAskQuestion } from '../api/ask-question';
import { useTenderQuestions } from '../api/list-questions';

/** A text box with its send button: trimmed, 1 to QUESTION_TEXT_MAX characters, cleared once sent. */
function TextForm({
  label,
  placeholder,
  submitLabel,
  pendingLabel,
  onSend,
}: {
  label: string;
  placeholder?: string;
  submitLabel: string;
  pendingLabel: string;
  onSend: (text: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const trimmed = text.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    setPending(true);
    try {
      await onSend(trimmed);
      setText('');
    } catch {
      // the caller said why; the text stays for another try
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <TextAreaField
        label={label}
        placeholder={placeholder}
        value={text}
        maxLength={QUESTION_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-slate-400">
          {t('tenderQuestions.characters', { count: text.length, max: QUESTION_TEXT_MAX })}
        </span>
        <Button type="submit" size="sm" pending={pending} disabled={!trimmed || !online}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function QuestionItem({ tender, question }: { tender: Tender; question: TenderQuestion }) {
  const { t } = useTranslation();
  const answer = useAnswerQuestion(tender.id);
  const who = question.mine ? t('terms.you') : (question.asker_name ?? t('tenderQuestions.aCarrier'));
  return (
    <li className="rounded-lg border border-navy-700 bg-navy-950/40 p-4" data-testid="tender-question">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-400">
        <span>
          {who} · {formatDateTime(question.created_at)}
        </span>
        {!question.mine && !question.hidden && <ReportButton subjectType="tender_question" subjectId={question.id} />}
      </div>
      {question.hidden ? (
        <p className="text-sm text-slate-400 italic">{t('terms.hiddenByModerator')}</p>
      ) : (
        <p className="text-sm text-white">
          <LinkedText text={question.text ?? ''} />
        </p>
      )}
      {question.answer ? (
        !question.hidden && (
          <div className="mt-3 border-l-2 border-sky-500 pl-3">
            <p className="text-xs text-slate-400">
              {t('tenderQuestions.ownerAnswer')} · {formatDateTime(question.answer.answered_at)}
            </p>
            <p className="text-sm text-sky-100">
              <LinkedText text={question.answer.text ?? ''} />
            </p>
          </div>
        )
      ) : question.hidden ? null : tender.is_owner ? (
        <div className="mt-3">
          <TextForm
            label={t('tenderQuestions.answerLabel')}
            submitLabel={t('tenderQuestions.answer')}
            pendingLabel={t('tenderQuestions.answering')}
            onSend={(text) =>
              answer.mutateAsync({ questionId: question.id, text }).then(
                () => toast.success(t('tenderQuestions.answered')),
                (error: unknown) => {
                  toast.error(errorMessage(error, t('tenderQuestions.answerFailed')));
                  throw error;
                },
              )
            }
          />
        </div>
      ) : (
        <p className="mt-2 text-xs text-orange-200">{t('tenderQuestions.awaiting')}</p>
      )}
    </li>
  );
}

/**
 * Questions and answers under a tender's details: the answered ones for everyone, the unanswered ones for the
 * owner (with an answer box each) and their asker; the ask box for anyone else while the tender is open. Kept
 * live by the tender's stream.
 */
export default function TenderQuestions({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const headingId = useId();
  const questions = useTenderQuestions(tender.id);
  const ask = useAskQuestion(tender.id);
  const canAsk = !tender.is_owner && tender.status === 'opened';

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
      <h2 id={headingId} className="mb-1 text-lg font-semibold text-white">
        {t('tenderQuestions.title')}
      </h2>
      {!tender.is_owner && <p className="mb-4 text-sm text-slate-400">{t('tenderQuestions.hint')}</p>}
      {questions.isPending ? (
        <p className="text-sm text-slate-400">{t('tenderQuestions.loading')}</p>
      ) : questions.isError ? (
        <p className="text-sm text-red-300">{errorMessage(questions.error, t('tenderQuestions.loadFailed'))}</p>
      ) : questions.data.length === 0 ? (
        <p className="text-sm text-slate-400">{t('tenderQuestions.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {questions.data.map((question) => (
            <QuestionItem key={question.id} tender={tender} question={question} />
          ))}
        </ul>
      )}
      {canAsk && (
        <div className="mt-4">
          <TextForm
            label={t('tenderQuestions.askLabel')}
            placeholder={t('tenderQuestions.askPlaceholder')}
            submitLabel={t('tenderQuestions.ask')}
            pendingLabel={t('tenderQuestions.asking')}
            onSend={(text) =>
              ask.mutateAsync(text).then(
                () => toast.success(t('tenderQuestions.asked')),
                (error: unknown) => {
                  toast.error(errorMessage(error, t('tenderQuestions.askFailed')));
                  throw error;
                },
              )
            }
          />
        </div>
      )}
      {!tender.is_owner && !canAsk && tender.status !== 'draft' && (
        <p className="mt-4 text-sm text-slate-400">{t('tenderQuestions.closed')}</p>
      )}
    </section>
  );
}
