import { Bounce, ToastContainer } from 'react-toastify';

/** The spec's toasts: top-right, closing after 5 s, dismissed by dragging 80 % of their width. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} draggable draggablePercent={80} transition={Bounce} />;
}
