"use client";
// The one form hook (docs/architecture.md, "form state on the client"): what is running, the form's
// errors, and running an action with its failure shown where the user is looking — a toast for a
// button in a list, the form's own alert or the fields' messages for a form.
import { useState } from "react";
import { notifications } from "./notifications";
import type { FormErrors } from "./form-errors";
import { messageOf } from "./form-errors";

export interface RunOptions<F extends string> {
  /** Which of the component's actions this is (a row's id, "enable"): `running(key)` tells its button. */
  key?: string;
  /**
   * What the failure shows: a message (in the hook's place: a toast, or the form's alert), messages
   * for fields, or null when the component has shown it itself. Default: the error's own message.
   */
  failure?: (err: unknown) => string | FormErrors<F> | null | undefined;
  /** Success takes the form away (a redirect, a card hidden): its button stays busy until it has gone. */
  leaving?: boolean;
}

/** Where a failure with no field shows: a toast, or `errors.form` beside the form's buttons. */
export type FailurePlace = "toast" | "inline";

/** The state a run writes: the hook's setters, or a test's. */
export interface SubmitState<F extends string> {
  setPending: (key: string | null) => void;
  setErrors: (errors: FormErrors<F>) => void;
  place: FailurePlace;
}

/** Key of a component's only action. */
const ONLY = "";

/**
 * Runs one action: marks it running and clears the last errors, then shows the failure (see
 * RunOptions.failure). Resolves whether it worked; it never rejects.
 */
export async function runSubmit<F extends string>(action: () => Promise<unknown>, options: RunOptions<F>, state: SubmitState<F>): Promise<boolean> {
  state.setPending(options.key ?? ONLY);
  state.setErrors({});
  try {
    await action();
    if (!options.leaving) state.setPending(null);
    return true;
  } catch (err) {
    state.setPending(null);
    const shown = options.failure ? options.failure(err) : messageOf(err);
    if (typeof shown === "string") {
      if (state.place === "inline") state.setErrors({ form: shown } as FormErrors<F>);
      else notifications.add({ type: "error", message: shown });
    } else if (shown) {
      state.setErrors(shown);
    }
    return false;
  }
}

/**
 * A form's (or a row of buttons') submit state. `F` names the fields that can carry a message;
 * `errors.form` is a failure that belongs to none of them (with `{ errors: "inline" }`).
 */
export function useSubmit<F extends string = never>({ errors: place = "toast" }: { errors?: FailurePlace } = {}) {
  const [pending, setPending] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  return {
    /** Something is running: the form's controls wait. */
    busy: pending !== null,
    /** This action (RunOptions.key) is running: its button shows the spinner. */
    running: (key: string) => pending === key,
    errors,
    setErrors,
    /** Shows what the form's own checks found (and nothing from before); true when they found nothing. */
    check: (found: Partial<Record<F, string>>): boolean => {
      setErrors(found as FormErrors<F>);
      return !Object.values(found).some(Boolean);
    },
    /** Editing a field takes its message away. */
    clear: (field: F) => setErrors((e) => ({ ...e, [field]: undefined })),
    run: (action: () => Promise<unknown>, options: RunOptions<F> = {}) => runSubmit(action, options, { setPending, setErrors, place }),
  };
}

export type Submit<F extends string = never> = ReturnType<typeof useSubmit<F>>;
