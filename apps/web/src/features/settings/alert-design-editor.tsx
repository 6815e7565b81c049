import {
  ALERT_ANIMATIONS,
  ALERT_DESIGN_LIMITS,
  ALERT_FONTS,
  ALERT_LAYOUTS,
  ALERT_POSITIONS,
  DEFAULT_ALERT_DESIGN,
  type AlertAnimation,
  type AlertDesign,
  type AlertFont,
  type AlertLayout,
} from '@shabaash/core';
import { useId } from 'react';

import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { ALERT_FONT_STACKS } from '../obs-overlay/alert-design-style';
import {
  ANIMATION_LABELS,
  DESIGNER_TEXT,
  FONT_LABELS,
  LAYOUT_LABELS,
  POSITION_LABELS,
} from './alert-designer.constants';
import { CheckboxField, Select } from './settings-controls';

/** A whole number typed in a box, kept within its bounds (an empty box is 0). */
function wholeNumber(text: string, min: number, max: number): number {
  const value = Math.round(Number(text));
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : 0;
}

/** A colour picker with its label; the browser's picker only ever gives #rrggbb. */
function ColourField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (colour: string) => void;
}) {
  return (
    <Field label={label}>
      <input
        type="color"
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value.toLowerCase())}
        className="h-11 w-full cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
    </Field>
  );
}

/**
 * The 3×3 position grid: native radio buttons, so arrow keys move between positions and a
 * screen reader names each one.
 */
function PositionGrid({
  value,
  onChange,
}: {
  value: AlertDesign['position'];
  onChange: (position: AlertDesign['position']) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {DESIGNER_TEXT.positionLegend}
      </legend>
      <div className="grid aspect-video w-full max-w-60 grid-cols-3 gap-1 rounded-lg bg-slate-800 p-1">
        {ALERT_POSITIONS.map((position) => (
          <label
            key={position}
            className={cn(
              'relative flex min-h-10 items-center justify-center rounded-md text-xs font-medium',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400',
              position === value
                ? 'bg-brand-500 text-white'
                : 'bg-slate-700 text-slate-300 hover:bg-slate-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={position}
              checked={position === value}
              onChange={() => onChange(position)}
              // The radio fills its cell, invisible: the cell is what a finger or mouse hits.
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-md opacity-0"
            />
            <span className="sr-only">{POSITION_LABELS[position]}</span>
            <span
              aria-hidden="true"
              className={cn(
                'size-2.5 rounded-full',
                position === value ? 'bg-white' : 'bg-slate-400',
              )}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One variation's look: layout, position and offsets, size, font, colours, background and
 * animations. Every control offers only what the server accepts.
 */
export function AlertDesignEditor({
  design,
  onChange,
}: {
  design: AlertDesign;
  onChange: (patch: Partial<AlertDesign>) => void;
}) {
  const { offsetMaxX, offsetMaxY, scaleMinPercent, scaleMaxPercent } = ALERT_DESIGN_LIMITS;
  const hasBackground = design.background_color !== null;

  return (
    <div className="flex flex-col gap-4" data-design-editor>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={DESIGNER_TEXT.layoutLabel}>
          <Select
            name="design_layout"
            value={design.layout}
            onChange={(event) => onChange({ layout: event.target.value as AlertLayout })}
          >
            {ALERT_LAYOUTS.map((layout) => (
              <option key={layout} value={layout}>
                {LAYOUT_LABELS[layout]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={DESIGNER_TEXT.fontLabel}>
          <Select
            name="design_font"
            value={design.font}
            style={{ fontFamily: ALERT_FONT_STACKS[design.font] }}
            onChange={(event) => onChange({ font: event.target.value as AlertFont })}
          >
            {ALERT_FONTS.map((font) => (
              <option key={font} value={font} style={{ fontFamily: ALERT_FONT_STACKS[font] }}>
                {FONT_LABELS[font]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
        <PositionGrid value={design.position} onChange={(position) => onChange({ position })} />
        <div className="grid content-start gap-4 sm:grid-cols-2">
          <Field label={DESIGNER_TEXT.offsetXLabel} hint={DESIGNER_TEXT.offsetHint}>
            <Input
              type="number"
              name="design_offset_x"
              inputMode="numeric"
              min={-offsetMaxX}
              max={offsetMaxX}
              value={String(design.offset_x)}
              onChange={(event) =>
                onChange({ offset_x: wholeNumber(event.target.value, -offsetMaxX, offsetMaxX) })
              }
            />
          </Field>
          <Field label={DESIGNER_TEXT.offsetYLabel}>
            <Input
              type="number"
              name="design_offset_y"
              inputMode="numeric"
              min={-offsetMaxY}
              max={offsetMaxY}
              value={String(design.offset_y)}
              onChange={(event) =>
                onChange({ offset_y: wholeNumber(event.target.value, -offsetMaxY, offsetMaxY) })
              }
            />
          </Field>
          <Field label={`${DESIGNER_TEXT.sizeLabel}: ${String(design.scale_percent)}%`}>
            <input
              type="range"
              name="design_scale"
              min={scaleMinPercent}
              max={scaleMaxPercent}
              step={5}
              value={design.scale_percent}
              aria-valuetext={`${String(design.scale_percent)}%`}
              onChange={(event) =>
                onChange({
                  scale_percent: wholeNumber(event.target.value, scaleMinPercent, scaleMaxPercent),
                })
              }
              className="h-11 w-full accent-brand-700"
            />
          </Field>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <ColourField
          label={DESIGNER_TEXT.nameColourLabel}
          name="design_name_color"
          value={design.name_color}
          onChange={(name_color) => onChange({ name_color })}
        />
        <ColourField
          label={DESIGNER_TEXT.amountColourLabel}
          name="design_amount_color"
          value={design.amount_color}
          onChange={(amount_color) => onChange({ amount_color })}
        />
        <ColourField
          label={DESIGNER_TEXT.messageColourLabel}
          name="design_message_color"
          value={design.message_color}
          onChange={(message_color) => onChange({ message_color })}
        />
      </div>
      <div className="grid items-end gap-4 sm:grid-cols-3">
        <CheckboxField
          label={DESIGNER_TEXT.backgroundLabel}
          checked={hasBackground}
          onChange={(checked) =>
            onChange({
              background_color: checked
                ? (DEFAULT_ALERT_DESIGN.background_color ?? '#020617')
                : null,
            })
          }
        />
        {hasBackground && (
          <>
            <ColourField
              label={DESIGNER_TEXT.backgroundColourLabel}
              name="design_background_color"
              value={design.background_color ?? '#020617'}
              onChange={(background_color) => onChange({ background_color })}
            />
            <Field label={`${DESIGNER_TEXT.opacityLabel}: ${String(design.background_opacity)}%`}>
              <input
                type="range"
                name="design_background_opacity"
                min={0}
                max={100}
                step={5}
                value={design.background_opacity}
                aria-valuetext={`${String(design.background_opacity)}%`}
                onChange={(event) =>
                  onChange({ background_opacity: wholeNumber(event.target.value, 0, 100) })
                }
                className="h-11 w-full accent-brand-700"
              />
            </Field>
          </>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['animation_in', 'animation_out'] as const).map((field) => (
          <Field
            key={field}
            label={
              field === 'animation_in'
                ? DESIGNER_TEXT.animationInLabel
                : DESIGNER_TEXT.animationOutLabel
            }
          >
            <Select
              name={`design_${field}`}
              value={design[field]}
              onChange={(event) => onChange({ [field]: event.target.value as AlertAnimation })}
            >
              {ALERT_ANIMATIONS.map((animation) => (
                <option key={animation} value={animation}>
                  {ANIMATION_LABELS[animation]}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </div>
    </div>
  );
}
