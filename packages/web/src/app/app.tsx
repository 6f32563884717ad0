import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { makeStore } from './store.ts';
import { router } from './router.tsx';

const store = makeStore();

export function App() {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
