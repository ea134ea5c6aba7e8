// The page of docs/embedding.md's Vite proxy recipe: mount() with the settings the recipe names.
import { mount } from 'amwa';

const element = document.getElementById('portal');
if (element) mount(element, { apiBaseUrl: '/api/access', securityApiBaseUrl: '/api', serviceEmail: 'service@bank.example' });
