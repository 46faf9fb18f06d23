import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_TEXT_MAX,
  type ConversationEntry,
  type ConversationSide,
  type Shipment,
} from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { ReportButton } from '../../../components/report-button';
import { Button } from '../../../components/ui/button';
import { CountBadge } from '../../../components/ui/count-badge';
import { PaperclipIcon } from '../../../components/ui/icons';
import { LinkedText } from '../../../components/ui/linked-text';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useUnreadOf } from '../../../lib/unread-messages';
import { useOnline } from '../../../lib/use-online';
import { useConversation } from '../api/list-messages';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';

/** Whether the page is on screen (read marks are only set for what a person can see). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

function SystemLine({ entry }: { entry: ConversationEntry }) {
  const { t } = useTranslation();
  const kind = entry.system?.kind ?? 'loaded';
  return (
    <li className="flex justify-center" data-testid="conversation-system-line">
      <span className="rounded-full bg-navy-800 px-3 py-1 text-center text-xs text-slate-300">
        {t(`conversations.system.${kind}`)} · {formatDateTime(entry.created_at)}
      </span>
    </li>
  );
}

function Attachment({ entry }: { entry: ConversationEntry }) {
  const { t } = useTranslation();
  const file = entry.attachment;
  if (!file) return null;
  const label = t('conversations.openFile', { name: file.name });
  return (
    <a
      href={file.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      className="mb-1 block"
    >
      {file.content_type === 'application/pdf' ? (
        <span className="inline-flex items-center gap-2 rounded-md bg-navy-950/50 px-3 py-2 text-sm text-sky-200 underline">
          PDF · {file.name}
        </span>
      ) : (
        <img
          src={file.url}
          alt={file.name}
          loading="lazy"
          className="max-h-60 w-auto max-w-full rounded-md object-contain"
        />
      )}
    </a>
  );
}

function Message({ entry, mySide }: { entry: ConversationEntry; mySide: ConversationSide }) {
  const { t } = useTranslation();
  const mine = entry.side === mySide;
  const author = mine ? t('terms.you') : t(`conversations.${entry.side ?? 'owner'}`);
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="conversation-message">
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
          mine ? 'rounded-br-sm bg-blue-700 text-white' : 'rounded-bl-sm bg-navy-800 text-slate-100',
        )}
      >
        <p className="mb-0.5 text-xs opacity-80">{author}</p>
        {entry.hidden ? (
          <p className="italic opacity-80">{t('terms.hiddenByModerator')}</p>
        ) : (
          <>
            <Attachment entry={entry} />
            {entry.text !== null && <LinkedText text={entry.text} />}
          </>
        )}
        <p className="mt-1 flex flex-wrap items-center justify-end gap-2 text-[11px] opacity-80">
          <span>{formatDateTime(entry.created_at)}</span>
          {mine && (
            <span data-testid="read-mark">
              {entry.read ? `✓✓ ${t('conversations.read')}` : `✓ ${t('conversations.sent')}`}
            </span>
          )}
        </p>
        {!mine && !entry.hidden && (
          <div className="-mr-2 flex justify-end">
            <ReportButton subjectType="shipment_message" subjectId={entry.id} />
          </div>
        )}
      </div>
    </li>
  );
}

const ACCEPT = MESSAGE_ATTACHMENT_TYPES.join(',');

function Composer({ number }: { number: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const send = useSendMessage(number);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const ready = online && !send.isPending && (text.trim().length > 0 || file !== undefined);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    try {
      await send.mutateAsync({ text: text.trim(), file });
      setText('');
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      toast.error(errorMessage(error, t('conversations.sendFailed')));
    }
  };
  // Ctrl+Enter (⌘+Enter) sends; Enter alone makes a new line
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-2 border-t border-navy-700 pt-4">
      {!online && <p className="text-xs text-orange-200">{t('conversations.offline')}</p>}
      <TextAreaField
        label={t('conversations.messageLabel')}
        placeholder={t('conversations.placeholder')}
        value={text}
        maxLength={MESSAGE_TEXT_MAX}
        disabled={!online}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <label
            htmlFor={fileId}
            className={cn(
              'inline-flex h-8 cursor-pointer items-center rounded-md px-3 text-sm text-sky-300 ring-1 ring-navy-600 ring-inset hover:bg-navy-800 max-sm:h-11',
              !online && 'pointer-events-none opacity-50',
            )}
          >
            <PaperclipIcon className="mr-1.5 size-4" />
            {t('conversations.attach')}
          </label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            disabled={!online}
            onChange={(event) => setFile(event.target.files?.[0])}
          />
          {file && (
            <span className="flex min-w-0 items-center gap-1 text-xs text-slate-300">
              <span className="truncate">{file.name}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('conversations.removeFile')}
                onClick={() => {
                  setFile(undefined);
                  if (fileInput.current) fileInput.current.value = '';
                }}
              >
                ✕
              </Button>
            </span>
          )}
        </div>
        <Button type="submit" size="sm" pending={send.isPending} disabled={!ready}>
          {send.isPending ? t('conversations.sending') : t('conversations.send')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The conversation of the shipment's two parties, on the shipment page: messages of both sides with their photos
 * and PDFs, short lines of the shipment's steps, who read what; kept live by the shipment's stream. What is on
 * screen is marked read. Offline it can be read, not written.
 */
export default function ShipmentConversation({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const headingId = useId();
  const conversation = useConversation(shipment.number);
  const markRead = useMarkRead(shipment.number);
  const unread = useUnreadOf(shipment.number);
  const visible = usePageVisible();
  const online = useOnline();
  const listEnd = useRef<HTMLLIElement>(null);

  const pages = conversation.data?.pages ?? [];
  const newest = pages[0];
  const mySide: ConversationSide = newest?.my_side ?? shipment.role;
  const entries = [...pages].reverse().flatMap((page) => page.entries);
  const lastId = entries.at(-1)?.id ?? 0;
  const lastTheirs = entries.filter((entry) => entry.side !== null && entry.side !== mySide).at(-1)?.id ?? 0;
  const myMark = newest?.read_up_to[mySide] ?? 0;
  const asked = useRef(0);

  useEffect(() => {
    if (!visible || !online || lastTheirs <= myMark || asked.current >= lastTheirs) return;
    asked.current = lastTheirs;
    markRead.mutate(lastTheirs);
  }, [visible, online, lastTheirs, myMark, markRead]);

  // the newest entry comes into view as it arrives
  useEffect(() => {
    if (lastId) listEnd.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lastId]);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6 lg:col-span-2"
    >
      <div className="mb-1 flex items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {t('conversations.title')}
        </h2>
        <CountBadge count={unread} label={t('conversations.unread', { count: unread })} />
      </div>
      <p className="mb-4 text-sm text-slate-400">{t('conversations.hint')}</p>
      {conversation.isPending ? (
        <p className="text-sm text-slate-400">{t('conversations.loading')}</p>
      ) : conversation.isError ? (
        <p className="text-sm text-red-300">{errorMessage(conversation.error, t('conversations.loadFailed'))}</p>
      ) : (
        <>
          {conversation.hasNextPage && (
            <div className="mb-3 flex justify-center">
              <Button
                variant="secondary"
                size="sm"
                pending={conversation.isFetchingNextPage}
                onClick={() => void conversation.fetchNextPage()}
              >
                {conversation.isFetchingNextPage ? t('common.loading') : t('conversations.earlier')}
              </Button>
            </div>
          )}
          {entries.length === 0 ? (
            <p className="text-sm text-slate-400">{t('conversations.empty')}</p>
          ) : (
            <ol
              aria-label={t('conversations.title')}
              className="flex max-h-[32rem] flex-col gap-2 overflow-y-auto pr-1"
            >
              {entries.map((entry) =>
                entry.kind === 'system' ? (
                  <SystemLine key={entry.id} entry={entry} />
                ) : (
                  <Message key={entry.id} entry={entry} mySide={mySide} />
                ),
              )}
              <li ref={listEnd} aria-hidden="true" />
            </ol>
          )}
        </>
      )}
      <Composer number={shipment.number} />
    </section>
  );
}
