/**
 * The playground's component on its page (src/site/pages.ts): it loads the playground (src/playground/page/) in the
 * browser only, as a chunk of its own that no other page loads.
 */
import { defineComponent, h, onBeforeUnmount, onMounted, ref } from 'vue';
import { withBase } from 'vitepress';

export const PlatlintPlayground = defineComponent({
  name: 'PlatlintPlayground',
  setup() {
    const root = ref<HTMLElement>();
    let stop: (() => void) | undefined;
    let unmounted = false;
    onMounted(async () => {
      const { mountPlayground } = await import('../../../playground/page/playground.js');
      if (unmounted || !root.value) return;
      stop = mountPlayground(root.value, { rulePage: (ruleId) => withBase(`/rules/${ruleId}.html`) });
    });
    onBeforeUnmount(() => {
      unmounted = true;
      stop?.();
    });
    return () => h('div', { ref: root, class: 'playground' }, [h('p', { class: 'playground-status' }, 'Loading the playground…')]);
  },
});
