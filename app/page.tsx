export default function Dashboard() {
  return <main>Cohost</main>;
}
