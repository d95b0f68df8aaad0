"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useNotifications } from "@/lib/client/notifications";

// The toast UI (Radix Toast) loads with the first notification, not with every page.
const ToastView = dynamic(() => import("./toast-view").then((m) => m.ToastView), { ssr: false });

export function Toaster() {
  const pending = useNotifications().length > 0;
  // Once shown, it stays mounted: its live region must exist before the next message arrives.
  const [mounted, setMounted] = useState(false);
  if (pending && !mounted) setMounted(true);
  return mounted || pending ? <ToastView /> : null;
}
