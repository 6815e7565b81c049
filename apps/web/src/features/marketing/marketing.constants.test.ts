import { SITE_MESSAGES } from '@shabaash/core';
import { afterEach, describe, expect, it } from 'vitest';

import marketingHindi from '../../i18n/catalogs/marketing/hi.json';
import plansHindi from '../../i18n/catalogs/plans/hi.json';
import { activateLanguage, addCatalogs } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { BLOG_TEXT, GUIDE_CATEGORY_LABELS } from '../blog/blog.constants';
import { CONTACT_TEXT } from '../contact/contact.constants';
import {
  FOOTER,
  HERO,
  HOW_IT_WORKS,
  SERVICES,
  SIGNUP_TEXT,
  footerColumns,
  SITE_MESSAGE_TEXT,
  siteMessageText,
} from './marketing.constants';
import { siteRefusalText } from './site-refusal';
import { SHOWCASE_TEXT, apiEndpoints, showcaseTabs } from './showcase/showcase.constants';
import { PLAN_TEXT } from '../plans/plans.constants';

/** A hi catalog as the build compiles it (the plugin does this in production). */
function compiled(catalog: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(catalog).map(([id, message]) => [id, compileMessageOrThrow(message)]),
  );
}

/** The Hindi public pages' catalogs (pages/public-pages-hi.tsx), active. */
function speakHindi() {
  addCatalogs('hi', [
    { area: 'marketing', messages: compiled(marketingHindi) },
    { area: 'plans', messages: compiled(plansHindi) },
  ]);
  activateLanguage('hi');
}

afterEach(() => activateLanguage('en-IN'));

describe('the marketing pages’ texts', () => {
  it('read as the English pages had them, with values filled in', () => {
    activateLanguage('en-IN');
    expect(HERO.headline).toBe('UPI tips and live alerts for Indian streamers');
    expect(SERVICES.pricingNote('₹399')).toBe('Plans start at just ₹399.');
    expect(HOW_IT_WORKS.stepLabel(2)).toBe('Step 2: ');
    expect(SIGNUP_TEXT.planTitle('Base Plan')).toBe('Get started with Base Plan');
    expect(FOOTER.socialLinkName('YouTube')).toBe('Shabaash on YouTube');
    expect(BLOG_TEXT.readingTime(4)).toBe('4 min read');
    expect(siteMessageText('Please enter a valid mobile number.')).toBe(
      'Please enter a valid mobile number.',
    );
    expect(showcaseTabs().map((tab) => tab.label)).toEqual([
      'Payments',
      'Streaming',
      'Interactive',
      'Technical',
      'Dashboard',
      'API reference',
    ]);
  });

  it('read in Hindi from the hi catalog, links and ids unchanged', () => {
    speakHindi();
    expect(HERO.headline).toBe('भारतीय स्ट्रीमर्स के लिए UPI टिप्स और लाइव अलर्ट');
    expect(SERVICES.pricingNote('₹399')).toBe('प्लान सिर्फ़ ₹399 से शुरू।');
    expect(HOW_IT_WORKS.stepLabel(2)).toBe('स्टेप 2: ');
    expect(SIGNUP_TEXT.planTitle('बेस प्लान')).toBe('बेस प्लान के साथ शुरू करें');
    expect(FOOTER.socialLinkName('YouTube')).toBe('YouTube पर Shabaash');
    expect(BLOG_TEXT.readingTime(4)).toBe('4 मिनट में पढ़ें');
    expect(GUIDE_CATEGORY_LABELS.Security).toBe('सुरक्षा');
    expect(CONTACT_TEXT.submit).toBe('मैसेज भेजें');
    expect(PLAN_TEXT['complete-bundle'].badge).toBe('₹400 की बचत');
    expect(SHOWCASE_TEXT.demos.weekdays[0]).toBe('सोम');
    // The shared schema's English message, shown in the form's language; others unchanged.
    expect(siteMessageText('Please enter a valid mobile number.')).toBe('कृपया सही मोबाइल नंबर डालें।');
    expect(siteMessageText('Some other message.')).toBe('Some other message.');
    expect(siteMessageText(undefined)).toBeUndefined();
    // The server's refusal of a lead or contact form, in the form's language; others generic.
    const tooMany = new ApiError(429, 'rate_limited', SITE_MESSAGES.tooManyRequests);
    expect(siteRefusalText(tooMany, 'generic')).toBe(SITE_MESSAGE_TEXT.tooManyRequests);
    expect(siteRefusalText(tooMany, 'generic')).not.toBe(SITE_MESSAGES.tooManyRequests);
    const badPhone = new ApiError(400, 'validation_error', SITE_MESSAGES.contactPhoneInvalid);
    expect(siteRefusalText(badPhone, 'generic')).toBe('कृपया सही फ़ोन नंबर डालें।');
    expect(siteRefusalText(new ApiError(500, 'internal_error', 'boom'), 'generic')).toBe('generic');
    expect(apiEndpoints()[0]).toEqual({
      method: 'GET',
      path: '/api/streamers/:slug',
      text: 'किसी स्ट्रीमर के पब्लिक पेज की सेटिंग्स',
    });

    const [creators] = footerColumns();
    expect(creators?.title).toBe('क्रिएटर्स के लिए');
    expect(creators?.links).toContainEqual({ kind: 'link', label: 'प्राइसिंग', to: '/#pricing' });
    expect(creators?.links[0]).toEqual({ kind: 'signup', label: 'कमाई शुरू करें' });
    const showcase = showcaseTabs();
    expect(showcase.map((tab) => tab.id)).toEqual([
      'payment',
      'streaming',
      'interactive',
      'technical',
      'admin',
      'api',
    ]);
    expect(showcase[2]?.cards.find((card) => card.id === 'gifs')).toMatchObject({
      title: 'कस्टम GIF',
      comingSoon: true,
    });
  });
});
