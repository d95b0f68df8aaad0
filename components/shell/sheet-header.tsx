"use client";
import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { cn } from "@/components/ui/cn";

/** A sheet's (the drawer's, the feedback sheet's) title, its description for screen readers, and the close button. */
export function SheetHeader({ title, description, closeLabel, className }: { title: string; description: string; closeLabel: string; className?: string }) {
  return (
    <div className={cn("flex items-center justify-between", className)}>
      <RadixDialog.Title className="font-semibold">{title}</RadixDialog.Title>
      <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
      <RadixDialog.Close aria-label={closeLabel} className="rounded p-1 hover:bg-hover-light dark:hover:bg-white/5">
        <X size={20} aria-hidden="true" />
      </RadixDialog.Close>
    </div>
  );
}
