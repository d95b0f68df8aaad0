"use client";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/shell/avatar";
import { useShellActions } from "@/components/shell/shell-actions";
import { displayName, useProfile } from "@/components/shell/use-profile";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { DeleteSection } from "./delete-section";
import { RecordingsSection } from "./recordings-section";
import { SessionsSection } from "./sessions-section";
import { SignInSection } from "./sign-in-section";
import { useAccount } from "./use-account";

const LINK_BUTTON = "inline-flex h-10 items-center justify-center rounded-md border border-[var(--border)] bg-[var(--surface)] px-4 text-sm font-medium hover:bg-hover-light dark:hover:bg-white/5";

/** Account settings: sign-in (e-mail, password), sessions, data export, deleting the account. */
export function AccountPage() {
  const t = useTranslations("account");
  const account = useAccount();
  const profile = useProfile();
  const name = displayName(profile.data);
  const loading = !account.data && !account.error;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <p className="text-[var(--text-muted)]">{t("intro")}</p>
      <ProfileSection />
      <Section title={t("signIn.title")} loading={loading} error={account.error?.message} onRetry={() => void account.mutate()}>
        {account.data && <SignInSection account={account.data} name={name} />}
      </Section>
      <SessionsSection />
      <Section title={t("recordings.title")} loading={loading} error={account.error?.message} onRetry={() => void account.mutate()}>
        {account.data && <RecordingsSection retentionDays={account.data.recordingRetentionDays} onSaved={() => void account.mutate()} />}
      </Section>
      <Section title={t("data.title")} loading={false}>
        <p className="text-sm">{t("data.text")}</p>
        {/* A plain download: the browser saves the file the API names. */}
        <a href="/api/account/export" download className={`${LINK_BUTTON} mt-4`}>
          {t("data.button")}
        </a>
      </Section>
      <Section title={t("delete.title")} tone="danger" loading={loading} error={account.error?.message}>
        {account.data && <DeleteSection account={account.data} balanceUsd={profile.data?.creditBalanceUsd ?? 0} />}
      </Section>
    </div>
  );
}

/** The name and photo the app shows, edited in the shell's profile dialog. */
function ProfileSection() {
  const t = useTranslations("account");
  const profile = useProfile();
  const { openProfile } = useShellActions();
  const name = displayName(profile.data);
  return (
    <Section title={t("profile.title")} loading={!profile.data && !profile.error} error={profile.error?.message} onRetry={() => void profile.mutate()}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={name} photoURL={profile.data?.photoURL} size={48} />
        <div className="min-w-0 flex-1">
          <p className="font-medium">{name}</p>
          <p className="break-all text-sm text-[var(--text-muted)]">{profile.data?.email}</p>
        </div>
        <Button variant="secondary" onClick={openProfile}>
          {t("profile.edit")}
        </Button>
      </div>
    </Section>
  );
}
