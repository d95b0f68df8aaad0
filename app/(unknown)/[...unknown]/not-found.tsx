// The same "Page not found" card as inside the signed-in pages.
export { default } from "../../(app)/not-found";
