"use client";
import { createContext, useContext } from "react";

/** What pages may ask of the shell around them (the Account page opens the profile dialog). */
export const ShellActions = createContext<{ openProfile: () => void }>({ openProfile: () => {} });

export const useShellActions = () => useContext(ShellActions);
