import { describe, expect, it } from 'vitest';

import {
  cartLineBody,
  CASINO,
  DOMAIN_ID,
  GENERAL,
  PLANS,
  PRICES,
  SITE_ID,
} from '#src/test-utils/factories.ts';

import {
  counterText,
  featureText,
  initialPanelChoice,
  panelPayload,
  panelReducer,
  panelTotal,
} from './panel-choice.ts';

const context = { siteId: SITE_ID, buyerDomainId: DOMAIN_ID };

describe('cart panel choices', () => {
  it('starts with one article, the buyer’s own topic and the provide plan', () => {
    const choice = initialPanelChoice(PRICES);
    expect(choice).toEqual({
      planId: null,
      articleTopic: 'i_will_write_my_topic',
      needsApproval: false,
      linkTypeId: GENERAL,
      articles: '1',
      wordCount: null,
    });
    expect(panelPayload(choice, context)).toEqual({
      ...cartLineBody(1),
      is_topic_needs_approval: false,
    });
  });

  it('takes the niche filter as link type only when the site prices it', () => {
    expect(initialPanelChoice(PRICES, CASINO).linkTypeId).toBe(CASINO);
    expect(initialPanelChoice(PRICES, '00000000-0000-4000-8000-0000000000ff').linkTypeId).toBe(
      GENERAL,
    );
    expect(initialPanelChoice([], CASINO).linkTypeId).toBeNull();
  });

  it('sets the word count of a paid plan and clears everything again on provide', () => {
    let choice = panelReducer(initialPanelChoice(PRICES), { type: 'plan', plan: PLANS[2]! });
    expect(choice.wordCount).toBe(1000);
    choice = panelReducer(choice, { type: 'topic', topic: 'please_provide_me_a_topic' });
    choice = panelReducer(choice, { type: 'needs-approval', value: true });
    expect(panelPayload(choice, context)).toMatchObject({
      content_product_plan: PLANS[2]!.id,
      word_count: 1000,
      article_topic: 'please_provide_me_a_topic',
      is_topic_needs_approval: true,
    });

    choice = panelReducer(choice, { type: 'plan', plan: PLANS[0]! });
    expect(choice).toMatchObject({
      planId: null,
      wordCount: null,
      articleTopic: 'i_will_write_my_topic',
      needsApproval: false,
    });
    const payload = panelPayload(choice, context)!;
    expect(payload).not.toHaveProperty('content_product_plan');
    expect(payload).not.toHaveProperty('word_count');
  });

  it('drops the approval when the buyer writes the topic', () => {
    let choice = panelReducer(initialPanelChoice(PRICES), { type: 'plan', plan: PLANS[1]! });
    choice = panelReducer(choice, { type: 'needs-approval', value: true });
    expect(choice.needsApproval).toBe(false);
    choice = panelReducer(choice, { type: 'topic', topic: 'please_provide_me_a_topic' });
    choice = panelReducer(choice, { type: 'needs-approval', value: true });
    choice = panelReducer(choice, { type: 'topic', topic: 'i_will_write_my_topic' });
    expect(choice.needsApproval).toBe(false);
  });

  it('totals (plan price + link-type price) × articles in cents', () => {
    let choice = initialPanelChoice(PRICES);
    expect(panelTotal(choice, PRICES, PLANS)).toBe('120.00');
    choice = panelReducer(choice, { type: 'link-type', id: CASINO });
    choice = panelReducer(choice, { type: 'plan', plan: PLANS[2]! });
    choice = panelReducer(choice, { type: 'articles', text: '3' });
    // (200.10 + 45.50) × 3 = 736.80, exact in cents.
    expect(panelTotal(choice, PRICES, PLANS)).toBe('736.80');
    expect(panelPayload(choice, context)?.articles_number).toBe(3);
  });

  it('lets the counter be cleared, which leaves no payload, and keeps it within 1 to 50', () => {
    let choice = panelReducer(initialPanelChoice(PRICES), { type: 'articles', text: '' });
    expect(choice.articles).toBe('');
    expect(panelPayload(choice, context)).toBeNull();
    choice = panelReducer(choice, { type: 'articles', text: '0' });
    expect(choice.articles).toBe('1');
    choice = panelReducer(choice, { type: 'articles', text: '70' });
    expect(choice.articles).toBe('50');
    expect(panelReducer(choice, { type: 'articles', text: 'abc' }).articles).toBe('50');
    expect(counterText(' 7 ')).toBe('7');
    expect(counterText('2.5')).toBe('3');
    expect(counterText('2.4')).toBe('2');
    expect(counterText('2.')).toBe('2');
    expect(counterText('-3')).toBe('1');
    expect(counterText('1e3')).toBeNull();
  });

  it('has no payload without a buyer domain', () => {
    expect(
      panelPayload(initialPanelChoice(PRICES), { siteId: SITE_ID, buyerDomainId: null }),
    ).toBeNull();
  });

  it('turns feature slugs into text', () => {
    expect(featureText('internal_and_trust_links')).toBe('Internal and trust links');
    expect(featureText('everything_from_standard')).toBe('Everything from Standard');
    expect(featureText('fast_delivery')).toBe('Fast delivery');
  });
});
