import { OVERLAY_TEXT } from '../overlay.constants';

const PANEL =
  'max-w-[min(90vw,40rem)] rounded-2xl bg-slate-950/80 px-6 py-5 text-center text-white shadow-xl';

/** 'Validating token...' while the token is checked (spec 02 §2). */
export function ValidatingNotice() {
  return (
    <div className="fixed inset-0 flex items-center justify-center p-4">
      <p role="status" className={`${PANEL} text-lg font-medium`}>
        {OVERLAY_TEXT.validating}
      </p>
    </div>
  );
}

/** The invalid-token screen (spec 02 §2 and §8), with the missing or invalid variant text. */
export function InvalidTokenNotice({ message }: { message: string }) {
  return (
    <div className="fixed inset-0 flex items-center justify-center p-4">
      <section role="alert" className={`${PANEL} flex flex-col gap-2 border border-red-400/60`}>
        <h1 className="text-2xl font-bold text-red-300">{OVERLAY_TEXT.invalidTitle}</h1>
        <p className="text-base">{OVERLAY_TEXT.invalidHint}</p>
        <p className="text-sm text-slate-300">{message}</p>
      </section>
    </div>
  );
}
