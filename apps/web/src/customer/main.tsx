import './customer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <CustomerApp />
  </StrictMode>,
);
