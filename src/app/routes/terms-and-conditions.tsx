import type { ReactNode } from 'react';

import { Card } from '#src/components/card.tsx';
import { PageHeader } from '#src/components/page-header.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="space-y-2 text-sm leading-6 text-slate-700">{children}</div>
    </section>
  );
}

export function Component() {
  return (
    <>
      <PageHeader
        title="Terms and conditions"
        description="These terms apply to every order placed through the buyer portal."
      />
      <Card className="max-w-3xl space-y-6 p-6 sm:p-8">
        <Section title="1. The service">
          <p>
            The portal lets registered buyers order article and link placements on publisher
            websites listed in the catalogue. We arrange the placement with the publisher, and,
            where ordered, write the article.
          </p>
        </Section>
        <Section title="2. Accounts">
          <p>
            You must register with accurate company details and keep your login details
            confidential. You are responsible for all orders placed with your account. Each order is
            made on behalf of the company account selected when ordering.
          </p>
        </Section>
        <Section title="3. Prices and payment">
          <p>
            Prices are shown in euro and exclude VAT, which is added at checkout where applicable.
            The price of a placement is the publisher&apos;s price for the chosen link type plus the
            price of the chosen content plan. You can pay by bank transfer, with credits, or, where
            enabled for your company, by bill; pay-by-bill orders are invoiced at the start of each
            month.
          </p>
        </Section>
        <Section title="4. Content and links">
          <p>
            Content you supply, and the pages you link to, must be lawful and must not infringe
            anyone&apos;s rights. Publishers may decline content that breaks their editorial rules;
            you may then revise it or cancel the item. We do not guarantee search rankings or
            traffic resulting from a placement.
          </p>
        </Section>
        <Section title="5. Publication and live links">
          <p>
            Once an item is published we share the live link. If a live link is removed or altered
            by the publisher within the period stated on the order, we restore it or offer a
            replacement placement of equal value.
          </p>
        </Section>
        <Section title="6. Cancellations">
          <p>
            You may cancel an item until it is sent for publication. Items that are already live
            cannot be cancelled. Amounts for cancelled items are returned as credits or refunded to
            the original payment method.
          </p>
        </Section>
        <Section title="7. Catalogue data">
          <p>
            Site metrics come from third-party tools and are refreshed one to two times a month.
            They are provided for guidance and may differ from the figures those tools show at a
            given moment.
          </p>
        </Section>
        <Section title="8. Liability">
          <p>
            Our liability for any order is limited to the amount paid for that order, except where
            the law does not allow such a limit.
          </p>
        </Section>
      </Card>
    </>
  );
}
