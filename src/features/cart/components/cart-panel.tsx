import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { type ArticleTopic, MAX_ARTICLES_PER_LINE } from '#contract/cart.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import type { ContentProductPlan } from '#contract/reference-data.ts';
import type { SitePrice } from '#contract/site-detail.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { SideSheet } from '#src/components/side-sheet.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { EmptyState, ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { catalogueQueries } from '#src/features/catalogue/api/queries.ts';
import { domainQueries } from '#src/features/domains/api/queries.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { useRetryAfterNetworkError } from '#src/hooks/use-retry-after-network-error.ts';
import { NetworkError } from '#src/lib/api-client.ts';
import { toast } from '#src/lib/toast-store.ts';
import { formatMoney } from '#src/utils/format.ts';

import { useAddCartLine } from '../api/mutations.ts';
import { cartQueries } from '../api/queries.ts';
import {
  articlesOf,
  chosenPlan,
  featureText,
  initialPanelChoice,
  isProvidePlan,
  type PanelAction,
  type PanelChoice,
  panelPayload,
  panelReducer,
  panelTotal,
} from '../panel-choice.ts';
import { type ChoiceOption, ChoiceRadioGroup } from './choice-radio.tsx';

export interface CartPanelSite {
  id: string;
  hostname: string;
}

export interface CartPanelProps {
  site: CartPanelSite | null;
  open: boolean;
  onClose: () => void;
  /** The catalogue's niche filter: the default link type when the site prices it. */
  nicheFilter?: string | null;
  /** The catalogue's buyer domain filter: the domain the line is for. */
  buyerDomainFilter?: string | null;
}

const PROVIDE = 'provide';
const TOPIC_OPTIONS: ChoiceOption<ArticleTopic>[] = [
  { value: 'i_will_write_my_topic', label: 'I will write my topic' },
  { value: 'please_provide_me_a_topic', label: 'Please provide me a topic' },
];

function priceText(price: string): string {
  return /^0+\.00$/.test(price) ? 'free' : formatMoney(price);
}

function wordsText(plan: ContentProductPlan): string | null {
  return plan.max_words_amount === null ? null : `Up to ${plan.max_words_amount} words`;
}

/** Spec §2: the first paid plan lists its word limit and features; the second builds on it. */
function planFeatures(plan: ContentProductPlan, index: number, first?: ContentProductPlan) {
  const words = wordsText(plan);
  const rest = plan.features.filter((slug) => slug !== 'everything_from_standard');
  const lines: string[] = [];
  if (index > 0) {
    lines.push(
      plan.features.includes('everything_from_standard') || !first
        ? featureText('everything_from_standard')
        : `Everything from ${first.title}`,
    );
  }
  if (words) lines.push(words);
  lines.push(...rest.map(featureText));
  return lines;
}

function planOptions(plans: readonly ContentProductPlan[]): ChoiceOption<string>[] {
  const provide = plans.find(isProvidePlan);
  const paid = plans.filter((plan) => !isProvidePlan(plan));
  return [
    {
      value: PROVIDE,
      label: provide?.title ?? 'I will provide the article and image',
      aside: 'No extra cost',
      details: 'You send us the article and its image.',
    },
    ...paid.map((plan, index) => ({
      value: plan.id,
      label: plan.title,
      aside: `${priceText(plan.price)} per link`,
      details: (
        <ul className="list-disc space-y-0.5 pl-4">
          {planFeatures(plan, index, paid[0]).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    })),
  ];
}

function PanelSkeleton() {
  return (
    <div className="space-y-6">
      <LoadingAnnouncement>Loading the site and content plans…</LoadingAnnouncement>
      {[3, 2, 2].map((rows, group) => (
        <div key={group} className="space-y-2">
          <Skeleton className="h-4 w-40" />
          {Array.from({ length: rows }, (_, row) => (
            <Skeleton key={row} className="h-14 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}

function ArticlesCounter({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const id = useId();
  const hintId = useId();
  const current = value === '' ? 0 : Number(value);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        Number of articles
      </label>
      <div className="mt-2 flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label="Fewer articles"
          disabled={current <= 1}
          onClick={() => onChange(String(current - 1))}
        >
          −
        </Button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ARTICLES_PER_LINE}
          step={1}
          value={value}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
          className="block w-20 rounded-lg border-0 px-3 py-1.5 text-center text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
        />
        <Button
          variant="secondary"
          size="sm"
          aria-label="More articles"
          disabled={current >= MAX_ARTICLES_PER_LINE}
          onClick={() => onChange(String(current + 1))}
        >
          +
        </Button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {value === ''
          ? 'Enter how many articles to add.'
          : `At least 1, at most ${MAX_ARTICLES_PER_LINE} at once.`}
      </p>
    </div>
  );
}

interface PanelBodyProps {
  prices: readonly SitePrice[];
  plans: readonly ContentProductPlan[];
  choice: PanelChoice;
  dispatch: (action: PanelAction) => void;
  domainNotice: 'none' | null;
  error: string | null;
}

function PanelBody({ prices, plans, choice, dispatch, domainNotice, error }: PanelBodyProps) {
  const plan = chosenPlan(choice, plans);
  const words = plan ? wordsText(plan) : null;
  const approvalId = useId();
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The sheet opens before its options have loaded, so its own initial focus found nothing to
    // land on but itself. Once they are here the buyer starts on the first choice, unless they
    // have moved on already.
    const active = document.activeElement;
    if (active && active !== document.body && active.getAttribute('role') !== 'dialog') return;
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return (
    <div ref={body} className="space-y-6">
      <p className="text-sm text-slate-600">
        Choose who writes the article, its topic and the link type. Prices are in euro and exclude
        VAT.
      </p>
      {domainNotice === 'none' ? (
        <Alert variant="info" title="Add a domain first">
          Articles link to one of your domains, and you have none yet.{' '}
          <Link to={paths.domains} className="font-medium underline">
            Add a domain
          </Link>
        </Alert>
      ) : null}
      <ChoiceRadioGroup
        isInitialFocus
        legend="Article content"
        value={choice.planId ?? PROVIDE}
        options={planOptions(plans)}
        onChange={(value) =>
          dispatch({
            type: 'plan',
            plan: value === PROVIDE ? null : (plans.find((p) => p.id === value) ?? null),
          })
        }
      />
      {words ? <p className="text-sm font-medium text-slate-700">{words}</p> : null}
      <div>
        <ChoiceRadioGroup
          legend="Article topic"
          hint={
            choice.planId === null ? 'You write the article, so you choose its topic.' : undefined
          }
          value={choice.articleTopic}
          options={TOPIC_OPTIONS}
          disabled={choice.planId === null}
          onChange={(topic) => dispatch({ type: 'topic', topic })}
        />
        {choice.articleTopic === 'please_provide_me_a_topic' ? (
          <div className="mt-3 flex items-center gap-2">
            <input
              id={approvalId}
              type="checkbox"
              checked={choice.needsApproval}
              onChange={(event) =>
                dispatch({ type: 'needs-approval', value: event.target.checked })
              }
              className="size-4 rounded border-slate-300 accent-indigo-600"
            />
            <label htmlFor={approvalId} className="text-sm text-slate-800">
              The topic needs my approval
            </label>
          </div>
        ) : null}
      </div>
      <ChoiceRadioGroup
        legend="Link type"
        value={choice.linkTypeId}
        options={prices.map((price) => ({
          value: price.niche.id,
          label: price.niche.title,
          aside: priceText(price.price),
        }))}
        onChange={(id) => dispatch({ type: 'link-type', id })}
      />
      <ArticlesCounter
        value={choice.articles}
        onChange={(text) => dispatch({ type: 'articles', text })}
      />
      {error ? <Alert title="The article could not be added">{error}</Alert> : null}
    </div>
  );
}

/** Spec §2 "Cart side panel": configure an article on one site and put it into the cart. */
export function CartPanel({ site, open, onClose, nicheFilter, buyerDomainFilter }: CartPanelProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<{ siteId: string; choice: PanelChoice } | null>(null);
  const addLine = useAddCartLine();
  const enabled = open && site !== null;
  const detail = useQuery({ ...catalogueQueries.detail(site?.id ?? '', null), enabled });
  const plans = useQuery({ ...cartQueries.plans(), enabled });
  const domains = useQuery({
    ...domainQueries.selectable(),
    enabled: enabled && !buyerDomainFilter,
  });

  const prices = detail.data?.prices ?? [];
  const planList = plans.data ?? [];
  const choice =
    state && site && state.siteId === site.id
      ? state.choice
      : initialPanelChoice(prices, nicheFilter);
  const dispatch = (action: PanelAction) => {
    if (site) setState({ siteId: site.id, choice: panelReducer(choice, action) });
  };

  const buyerDomainId = buyerDomainFilter || domains.data?.data[0]?.id || null;
  const domainNotice = !buyerDomainFilter && domains.data?.data.length === 0 ? 'none' : null;
  const isOnline = useOnlineStatus();
  const isLoading = detail.isPending || plans.isPending;
  // What is known wins over a failed refresh: offline, the saved copy of the site stays usable.
  const loadError = (detail.data ? null : detail.error) ?? (plans.data ? null : plans.error);
  // Offline without a saved copy: a fetch that failed, or one waiting for the connection.
  const isUnavailableOffline =
    loadError instanceof NetworkError || (!isOnline && isLoading && !loadError);
  useRetryAfterNetworkError(isUnavailableOffline, () => {
    if (detail.isError) void detail.refetch();
    if (plans.isError) void plans.refetch();
  });
  const total = panelTotal(choice, prices, planList);
  const payload = site ? panelPayload(choice, { siteId: site.id, buyerDomainId }) : null;

  const close = () => {
    setState(null);
    addLine.reset();
    onClose();
  };

  const submit = (goToCheckout: boolean) => {
    if (!site || !payload || addLine.isPending) return;
    const linkType = prices.find((price) => price.niche.id === choice.linkTypeId);
    const plan = chosenPlan(choice, planList);
    addLine.mutate(
      {
        payload,
        summary: {
          hostname: site.hostname,
          linkType: linkType?.niche.title ?? '',
          plan: plan?.title ?? planList.find(isProvidePlan)?.title ?? 'Own article',
          articles: articlesOf(choice) ?? 1,
          total: total ?? '0.00',
        },
      },
      {
        onSuccess: (result) => {
          const count = payload.articles_number;
          const what = `${count} ${count === 1 ? 'article' : 'articles'} on ${hostnameToUnicode(site.hostname)}`;
          toast(
            result.status === 'added'
              ? { title: 'Added to cart', description: what, variant: 'success' }
              : {
                  title: 'Waiting to sync',
                  description: `You are offline: ${what} will be added to your cart when the connection returns.`,
                },
          );
          close();
          if (goToCheckout) void navigate(paths.checkout);
        },
      },
    );
  };

  const canAdd = payload !== null && !isLoading && !loadError;
  const footerNoteId = useId();
  const footerNote = isUnavailableOffline
    ? "Adding to the cart needs this site's prices, which load once you are online."
    : !isOnline && canAdd
      ? 'You are offline: the article is kept on this device and added to your cart when the connection returns.'
      : null;

  return (
    <SideSheet
      open={open}
      onClose={close}
      title={
        site ? `Publish an article on ${hostnameToUnicode(site.hostname)}` : 'Publish an article'
      }
      footer={
        <div className="flex w-full flex-wrap items-center justify-end gap-2">
          {footerNote ? (
            <p id={footerNoteId} className="w-full text-sm text-slate-600">
              {footerNote}
            </p>
          ) : null}
          <Button variant="ghost" onClick={close}>
            Continue shopping
          </Button>
          <Button
            variant="secondary"
            disabled={!canAdd || addLine.isPending}
            aria-describedby={footerNote ? footerNoteId : undefined}
            onClick={() => submit(true)}
          >
            Add to cart and go to checkout
          </Button>
          <Button
            disabled={!canAdd || addLine.isPending}
            aria-describedby={footerNote ? footerNoteId : undefined}
            onClick={() => submit(false)}
          >
            Add to cart
            {total !== null && articlesOf(choice) !== null ? ` · ${formatMoney(total)}` : ''}
          </Button>
        </div>
      }
    >
      {!site ? null : isUnavailableOffline ? (
        <EmptyState
          title="The cart needs a connection for this site"
          description="Its prices and content plans are not saved on this device yet. They load by themselves once you are online."
        />
      ) : loadError ? (
        <ErrorState
          message={loadError.message}
          onRetry={() => {
            void detail.refetch();
            void plans.refetch();
          }}
        />
      ) : isLoading ? (
        <PanelSkeleton />
      ) : (
        <PanelBody
          prices={prices}
          plans={planList}
          choice={choice}
          dispatch={dispatch}
          domainNotice={domainNotice}
          error={addLine.error ? addLine.error.message : null}
        />
      )}
    </SideSheet>
  );
}
