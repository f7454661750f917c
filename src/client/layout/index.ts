export { AppBar } from './AppBar';
export { Layout } from './Layout';
export { Menu } from './Menu';
export { Toasts } from './Toasts';
