import { json } from "@/lib/http/route";

// Unknown /api paths answer JSON like every other API error, never Next's HTML 404 page.
function notFound() {
  return json({ error: "not_found", message: "No such API endpoint" }, { status: 404 });
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
