import { cn } from "./cn";

/** A form's failure that belongs to no field, announced where the form's buttons are; nothing when there is none. */
export function FormAlert({ message, boxed = false }: { message?: string | null; boxed?: boolean }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn("text-sm text-error-text", boxed && "rounded-md bg-error/10 px-3 py-2")}>
      {message}
    </p>
  );
}
