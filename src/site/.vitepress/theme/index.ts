/** VitePress's default theme, with the styles of the rule pages' examples and the playground's component. */
import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import { PlatlintPlayground } from './playground.js';
import './style.css';

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('PlatlintPlayground', PlatlintPlayground);
  },
} satisfies Theme;
