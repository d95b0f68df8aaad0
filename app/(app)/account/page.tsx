import { AccountPage } from "@/components/account/account-page";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("account");

export default function Account() {
  return <AccountPage />;
}
