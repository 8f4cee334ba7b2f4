import type { DemoApp } from './demo-app';

/** What the request sales tests share: demo contacts and the seed's templates. */
export function requestSalesFixtures(env: DemoApp) {
  return {
    /** A demo seller's contact with a phone, `index` down their list (the seed's requests are further down). */
    contactOf(email: string, index = 0) {
      return env.phoneContactOf(email, index);
    },
    /** The id of a template of the demo company, by title. */
    async templateId(title: string) {
      const list = await env.call('comercial@demo.test', 'requestSale.templates', {});
      return list.data!.find((template) => template.title === title)!.id;
    },
  };
}
