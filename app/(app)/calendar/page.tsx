import { UserCalendarPage } from "@/components/calendar/calendar-page";

export default function CalendarPage() {
  return <UserCalendarPage />;
}
