import { initials } from "@/lib/shell/nav";

export function Avatar({ name, photoURL, size = 32 }: { name: string; photoURL?: string | null; size?: number }) {
  if (photoURL) {
    // eslint-disable-next-line @next/next/no-img-element -- provider avatars come from arbitrary hosts
    return <img src={photoURL} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span aria-hidden="true" className="flex items-center justify-center rounded-full bg-primary-dark text-xs font-semibold text-white" style={{ width: size, height: size }}>
      {initials(name)}
    </span>
  );
}
