import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type TenderQuestion } from '@yuk/shared';
import { makeTender } from '../../test/factories';
import { jsonResponse, renderWithProviders, signedIn, stubFetch, type FetchCall } from '../../test/render';
import TenderQuestions from './components/tender-questions';

const tender = makeTender({ id: 7, status: 'opened', is_owner: false });
const questionsUrl = pathTo(apiPaths.tenders.questions, { id: 7 });

function question(overrides: Partial<TenderQuestion> = {}): TenderQuestion {
  return {
    id: 1,
    tender_id: 7,
    text: 'Is a reefer needed?',
    asker_name: null,
    mine: false,
    answer: { text: 'No, a tented trailer. Map: https://maps.example/w', answered_at: '2026-11-26T09:30:00.000Z' },
    hidden: false,
    created_at: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

describe('questions on a tender', () => {
  signedIn('en');

  it('shows answered questions without the asker’s name, and lets a carrier ask', async () => {
    const list = [question(), question({ id: 2, mine: true, text: 'Mine, unanswered', answer: null })];
    const { calls } = stubFetch((call: FetchCall) => {
      if (call.method === 'POST') {
        list.push(question({ id: 3, mine: true, text: String((call.body as { text: string }).text), answer: null }));
        return jsonResponse(list.at(-1), 201);
      }
      return jsonResponse(list);
    });
    const { user } = renderWithProviders(<TenderQuestions tender={tender} />);
    const items = await screen.findAllByTestId('tender-question');
    expect(within(items[0]!).getByText(/A carrier/)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'https://maps.example/w' })).toHaveAttribute('target', '_blank');
    expect(within(items[1]!).getByText(/You/)).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Awaiting an answer/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your question'), '  Can it wait a day?  ');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        url: questionsUrl,
        body: { text: 'Can it wait a day?' },
      }),
    );
    expect(await screen.findByText('Can it wait a day?')).toBeInTheDocument();
  });

  it('gives the owner an answer box for each unanswered question, and no ask box', async () => {
    const own = makeTender({ id: 7, status: 'opened', is_owner: true });
    const { calls } = stubFetch((call: FetchCall) =>
      call.method === 'POST'
        ? jsonResponse(question({ answer: { text: 'Yes', answered_at: '2026-11-26T10:00:00.000Z' } }))
        : jsonResponse([question({ answer: null, asker_name: 'Aziz Rahimov' })]),
    );
    const { user } = renderWithProviders(<TenderQuestions tender={own} />);
    expect(await screen.findByText(/Aziz Rahimov/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your question')).toBeNull();
    await user.type(screen.getByLabelText('Your answer'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        url: pathTo(apiPaths.tenders.answer, { id: 7, qid: 1 }),
        body: { text: 'Yes' },
      }),
    );
  });

  it('shows a hidden question as hidden by a moderator, and no ask box on a closed tender', async () => {
    stubFetch(() => jsonResponse([question({ hidden: true, text: null, answer: null })]));
    renderWithProviders(<TenderQuestions tender={makeTender({ id: 7, status: 'closed', is_owner: false })} />);
    expect(await screen.findByText('Hidden by a moderator')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your question')).toBeNull();
    expect(screen.getByText('Questions can be asked only while the tender is open')).toBeInTheDocument();
  });
});
