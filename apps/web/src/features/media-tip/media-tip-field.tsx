import { FieldError } from '../../components/ui/field';
import MediaTipPicker from './media-tip-picker';
import type { MediaTipPickerProps } from './media-tip.types';

/**
 * The donation form's "GIF / Video" field (issue 26): the picker and its problem, where the
 * form moves the focus (`data-field="media"`). All of it in the lazy chunk, so the donation
 * page's script before Donate carries only the lazy import.
 */
export default function MediaTipField({
  error,
  ...picker
}: MediaTipPickerProps & { error: string | undefined }) {
  return (
    <div data-field="media" tabIndex={-1} className="flex flex-col gap-1.5">
      <MediaTipPicker {...picker} />
      <FieldError id={undefined} error={error} />
    </div>
  );
}
