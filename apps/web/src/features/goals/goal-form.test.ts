import { GOAL_MESSAGES, goalPercent } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { buildGoalRequest, goalFormFrom, toDateTimeLocal } from './goal-form';

describe('goal form', () => {
  it('builds the API request in paise with the end as an ISO instant', () => {
    const result = buildGoalRequest({
      title: '  New mic ',
      targetText: '5000.50',
      endText: '2099-12-01T20:00',
    });
    expect(result).toEqual({
      request: {
        title: 'New mic',
        target_paise: 500_050,
        ends_at: new Date('2099-12-01T20:00').toISOString(),
      },
    });
    expect(buildGoalRequest({ title: 'Mic', targetText: '10', endText: '' })).toEqual({
      request: { title: 'Mic', target_paise: 1000, ends_at: null },
    });
  });

  it('answers with the shared messages', () => {
    const problem = (form: { title: string; targetText: string; endText: string }) => {
      const result = buildGoalRequest(form);
      return 'problem' in result ? result.problem : null;
    };
    expect(problem({ title: '', targetText: '10', endText: '' })).toBe(GOAL_MESSAGES.titleRequired);
    expect(problem({ title: 'Mic', targetText: 'ten', endText: '' })).toBe(
      GOAL_MESSAGES.invalidTarget,
    );
    expect(problem({ title: 'Mic', targetText: '0.5', endText: '' })).toBe(
      GOAL_MESSAGES.invalidTarget,
    );
    expect(problem({ title: 'Mic', targetText: '10', endText: 'soon' })).toBe(
      GOAL_MESSAGES.invalidEndDate,
    );
  });

  it('fills the form from a goal and back', () => {
    const end = new Date(2099, 11, 1, 20, 0);
    expect(toDateTimeLocal(end)).toBe('2099-12-01T20:00');
    expect(
      goalFormFrom({
        id: 'g',
        title: 'Mic',
        target_paise: 500_050,
        raised_paise: 0,
        starts_at: end.toISOString(),
        ends_at: end.toISOString(),
        status: 'active',
      }),
    ).toEqual({ title: 'Mic', targetText: '5000.5', endText: '2099-12-01T20:00' });
  });

  it('shows 100% only once the target is reached', () => {
    expect(goalPercent({ raised_paise: 9_999, target_paise: 10_000 })).toBe(99);
    expect(goalPercent({ raised_paise: 10_000, target_paise: 10_000 })).toBe(100);
    expect(goalPercent({ raised_paise: 25_000, target_paise: 10_000 })).toBe(100);
    expect(goalPercent({ raised_paise: 0, target_paise: 10_000 })).toBe(0);
  });
});
