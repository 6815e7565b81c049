// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';

import { GUIDE_SLUGS, LEGAL_SUPPORT_EMAIL } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { GUIDE_CATEGORIES } from './blog.constants';
import { parseMarkdownDocument } from './build/markdown';

const contentDir = path.resolve(import.meta.dirname, '../../../content');
const read = (file: string) => parseMarkdownDocument(fs.readFileSync(file, 'utf8'));
const guidesDir = path.join(contentDir, 'guides');
const guideFiles = fs.readdirSync(guidesDir).filter((file) => file.endsWith('.md'));

describe('guides (apps/web/content/guides)', () => {
  it('has exactly one Markdown file for each of the seven slugs of spec 01 §2', () => {
    expect(guideFiles.map((file) => file.replace(/\.md$/, '')).sort()).toEqual(
      [...GUIDE_SLUGS].sort(),
    );
  });

  it.each(guideFiles)('%s is a real article: front matter complete, at least 600 words', (file) => {
    const { attributes, wordCount, html } = read(path.join(guidesDir, file));
    for (const key of ['title', 'excerpt', 'author', 'date']) {
      expect(attributes[key], key).toEqual(expect.any(String));
    }
    expect(GUIDE_CATEGORIES).toContain(attributes.category);
    expect(attributes.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(wordCount).toBeGreaterThanOrEqual(600);
    // The page shows the title as its h1; bodies start at h2.
    expect(html).not.toContain('<h1');
  });

  it('marks exactly one guide as featured', () => {
    const featured = guideFiles.filter(
      (file) => read(path.join(guidesDir, file)).attributes.featured === true,
    );
    expect(featured).toHaveLength(1);
  });

  it('links only to pages that exist', () => {
    const internal = new Set(['/', '/contact', '/privacy-policy', '/cancellation-refunds']);
    for (const slug of GUIDE_SLUGS) internal.add(`/blog/${slug}`);
    for (const file of guideFiles) {
      const { html } = read(path.join(guidesDir, file));
      for (const [, href] of html.matchAll(/href="(\/[^"#]*)/g)) expect(internal).toContain(href);
    }
  });
});

describe('policies (apps/web/content/legal)', () => {
  it.each([
    ['privacy-policy.md', '07-05-2025'],
    ['cancellation-refunds.md', '12-05-2025'],
    ['shipping.md', '12-05-2025'],
  ])('%s carries its title and the spec date %s', (file, date) => {
    const { attributes } = read(path.join(contentDir, 'legal', file));
    expect(attributes.title).toEqual(expect.any(String));
    expect(attributes.updated).toBe(date);
  });

  it('names the support address the first start gives the contact page', () => {
    for (const file of ['privacy-policy.md', 'cancellation-refunds.md', 'shipping.md']) {
      const text = fs.readFileSync(path.join(contentDir, 'legal', file), 'utf8');
      expect(text).toContain(LEGAL_SUPPORT_EMAIL);
    }
  });
});
