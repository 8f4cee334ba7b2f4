import { es, format } from '@cartera/domain/i18n';
import { SANDBOX_QUICK_REPLIES } from '../../providers/sandbox/sandbox';

/**
 * The customer's page of a 'Canal de prueba' (issue #12 §7, issue #31 §11): a WhatsApp-like
 * phone in one HTML page with its script and style, no build step. The customer picks the
 * number's format (Mexico's `521`, Argentina's `549`, Brazil without the ninth digit…), writes,
 * taps a quick-reply button or a list row, shares a place, and sees the company's replies with
 * their files, the times and their own messages' ticks. Every text comes from the catalogue.
 */
const text = es.channels.sandbox;

/** Example numbers per format: the selector fills the number field with one. */
export const SANDBOX_NUMBER_FORMATS: Array<{
  value: keyof typeof text.numberFormats;
  example: string;
}> = [
  { value: 'uy', example: '+598 99 000 001' },
  { value: 'mx521', example: '+521 55 1234 5678' },
  { value: 'mx', example: '+52 55 1234 5678' },
  { value: 'ar', example: '+549 11 2345 6789' },
  { value: 'brOld', example: '+55 11 8765 4321' },
  { value: 'br', example: '+55 11 98765 4321' },
  { value: 'other', example: '' },
];

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A labelled control; the label names only the control (not a select's chosen option). */
const field = (id: string, label: string, control: string, className = '') =>
  `<div class="field${className ? ` ${className}` : ''}"><label for="${id}">${escape(label)}</label>${control}</div>`;

export function sandboxPage(channelName: string, key: string) {
  const labels = JSON.stringify(text);
  const choices = JSON.stringify(SANDBOX_QUICK_REPLIES);
  const formats = SANDBOX_NUMBER_FORMATS.map(
    ({ value, example }) =>
      `<option value="${escape(example)}"${value === 'uy' ? ' selected' : ''}>${escape(text.numberFormats[value])}</option>`,
  ).join('');
  const formatExamples = SANDBOX_NUMBER_FORMATS.filter(({ example }) => example)
    .map(({ value, example }) => `${value}=${example}`)
    .join(',');
  const places = text.places
    .map((place, index) => `<option value="${index}">${escape(place.name)}</option>`)
    .join('');
  const first = text.places[0];
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(text.pageTitle)}</title>
<link rel="stylesheet" href="/sandbox/whatsapp.css">
</head>
<body>
<main data-key="${escape(key)}" data-labels="${escape(labels)}" data-choices="${escape(choices)}" data-formats="${escape(formatExamples)}">
  <h1>${escape(text.pageTitle)}</h1>
  <p class="intro">${escape(format(text.intro, { channel: channelName }))}</p>
  <form id="who">
    ${field('format', text.numberFormat, `<select id="format" name="format">${formats}</select>`)}
    ${field('phone', text.phone, '<input id="phone" name="phone" type="tel" required value="+598 99 000 001" autocomplete="off">')}
    ${field('name', text.name, '<input id="name" name="name" required value="Cliente de prueba" autocomplete="off">')}
  </form>
  <ol id="messages" aria-live="polite" aria-label="${escape(text.pageTitle)}"></ol>
  <section id="quick" aria-labelledby="quick-title">
    <h2 id="quick-title">${escape(text.quickRepliesTitle)}</h2>
    <p class="hint">${escape(text.quickRepliesHint)}</p>
    <div class="buttons" data-kind="button_reply"></div>
    <details>
      <summary>${escape(text.listTitle)}</summary>
      <div class="rows" data-kind="list_reply"></div>
    </details>
  </section>
  <form id="compose">
    ${field('text', text.message, '<textarea id="text" name="text" rows="2" required maxlength="4096"></textarea>', 'grow')}
    <div class="actions">
      <button type="submit">${escape(text.send)}</button>
      <button type="button" class="secondary" id="share" aria-expanded="false" aria-controls="place">${escape(text.shareLocation)}</button>
    </div>
  </form>
  <form id="place" hidden>
    ${field('preset', text.place, `<select id="preset" name="preset">${places}</select>`, 'wide')}
    ${field('place-name', text.placeName, `<input id="place-name" name="name" maxlength="100" value="${escape(first?.name ?? '')}">`, 'half')}
    ${field('address', text.address, `<input id="address" name="address" maxlength="200" value="${escape(first?.address ?? '')}">`, 'half')}
    ${field('latitude', text.latitude, `<input id="latitude" name="latitude" required inputmode="decimal" value="${first?.latitude ?? ''}">`, 'half')}
    ${field('longitude', text.longitude, `<input id="longitude" name="longitude" required inputmode="decimal" value="${first?.longitude ?? ''}">`, 'half')}
    <div class="actions wide">
      <button type="submit">${escape(text.sendLocation)}</button>
      <button type="button" class="secondary" id="cancel-place">${escape(text.cancel)}</button>
    </div>
  </form>
  <p id="error" role="alert"></p>
</main>
<script src="/sandbox/whatsapp.js"></script>
</body>
</html>`;
}

export const SANDBOX_SCRIPT = `(() => {
  const main = document.querySelector('main');
  const key = main.dataset.key;
  const labels = JSON.parse(main.dataset.labels);
  const quickReplies = JSON.parse(main.dataset.choices);
  const who = document.getElementById('who');
  const compose = document.getElementById('compose');
  const placeForm = document.getElementById('place');
  const share = document.getElementById('share');
  const list = document.getElementById('messages');
  const error = document.getElementById('error');
  const base = '/api/sandbox/whatsapp/' + encodeURIComponent(key) + '/messages';
  const phone = () => who.elements.phone.value;
  const shown = new Map();
  let order = [];
  let busy = false;

  const clock = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short' });
  function timeOf(at) {
    const date = new Date(at);
    const today = new Date().toDateString() === date.toDateString();
    const node = document.createElement('time');
    node.dateTime = date.toISOString();
    node.textContent = (today ? '' : day.format(date) + ', ') + clock.format(date);
    return node;
  }
  function mediaOf(media) {
    const tag = media.kind === 'image' || media.kind === 'sticker' ? 'img' : media.kind === 'audio' || media.kind === 'video' ? media.kind : 'a';
    const node = document.createElement(tag);
    if (tag === 'a') {
      node.href = media.url;
      node.textContent = media.fileName || labels.file;
      node.rel = 'noopener';
      node.target = '_blank';
    } else {
      node.src = media.url;
      if (tag === 'img') node.alt = media.fileName || labels.image;
      else node.controls = true;
    }
    node.className = 'media';
    return node;
  }
  function choiceButton(kind, option, replyTo) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = kind === 'list_reply' ? 'row' : 'chip';
    const title = document.createElement('span');
    title.textContent = option.title;
    button.append(title);
    if (option.description) {
      const description = document.createElement('small');
      description.textContent = option.description;
      button.append(description);
    }
    button.addEventListener('click', () =>
      send({ type: kind, reply: { id: option.id, title: option.title, ...(option.description ? { description: option.description } : {}), ...(replyTo ? { replyTo } : {}) } }),
    );
    return button;
  }
  function ticksOf(status) {
    const node = document.createElement('span');
    node.className = 'ticks ' + status;
    node.dataset.status = status;
    node.textContent = status === 'sent' ? '✓' : '✓✓';
    node.title = labels.ticks[status];
    node.setAttribute('aria-label', labels.ticks[status]);
    node.setAttribute('role', 'img');
    return node;
  }
  function bubbleOf(message) {
    const item = document.createElement('li');
    item.className = message.from;
    item.dataset.id = message.id;
    const author = document.createElement('span');
    author.className = 'who';
    author.textContent = message.from === 'customer' ? labels.you : labels.company;
    item.append(author);
    if (message.media) item.append(mediaOf(message.media));
    if (message.choice) {
      const kind = document.createElement('span');
      kind.className = 'kind';
      kind.textContent = message.choice.kind === 'list_reply' ? labels.chosen : labels.tapped;
      item.append(kind);
    }
    if (message.location) {
      const place = document.createElement('div');
      place.className = 'place';
      if (message.location.name) {
        const name = document.createElement('strong');
        name.textContent = message.location.name;
        place.append(name);
      }
      if (message.location.address) {
        const address = document.createElement('span');
        address.textContent = message.location.address;
        place.append(address);
      }
      const map = document.createElement('a');
      map.href = message.location.mapUrl;
      map.textContent = labels.openMap;
      map.rel = 'noopener';
      map.target = '_blank';
      place.append(map);
      item.append(place);
    } else if (message.text) {
      const body = document.createElement('span');
      body.className = 'text';
      body.textContent = message.text;
      item.append(body);
    }
    if (message.choices) {
      const offered = document.createElement('div');
      offered.className = message.choices.kind === 'list_reply' ? 'rows' : 'buttons';
      offered.setAttribute('aria-label', labels.offeredChoices);
      offered.setAttribute('role', 'group');
      for (const option of message.choices.options) offered.append(choiceButton(message.choices.kind, option, message.choices.replyTo));
      item.append(offered);
    }
    const meta = document.createElement('span');
    meta.className = 'meta';
    meta.append(timeOf(message.at));
    item.append(meta);
    return item;
  }
  function render(messages) {
    if (!messages.length) {
      shown.clear();
      order = [];
      list.replaceChildren(Object.assign(document.createElement('li'), { className: 'empty', textContent: labels.empty }));
      return;
    }
    const ids = messages.map((message) => message.id);
    let added = false;
    for (const message of messages) {
      let node = shown.get(message.id);
      if (!node) {
        node = bubbleOf(message);
        shown.set(message.id, node);
        added = true;
      }
      if (message.status) {
        const meta = node.querySelector('.meta');
        const current = meta.querySelector('.ticks');
        if (!current || current.dataset.status !== message.status) {
          if (current) current.remove();
          meta.append(ticksOf(message.status));
        }
      }
    }
    // New messages are appended; the ones on screen stay put (a playing audio keeps playing).
    const prefix = order.length <= ids.length && order.every((id, index) => ids[index] === id);
    if (prefix && order.length) {
      for (const id of ids.slice(order.length)) list.append(shown.get(id));
    } else {
      list.replaceChildren(...ids.map((id) => shown.get(id)));
    }
    for (const id of shown.keys()) if (!ids.includes(id)) shown.delete(id);
    order = ids;
    if (added) list.scrollTop = list.scrollHeight;
  }
  async function refresh() {
    try {
      const asked = phone();
      const response = await fetch(base + '?phone=' + encodeURIComponent(asked));
      if (!response.ok || asked !== phone()) return;
      render(await response.json());
    } catch {}
  }
  async function send(content) {
    if (busy) return false;
    busy = true;
    error.textContent = '';
    const buttons = main.querySelectorAll('button');
    for (const button of buttons) button.disabled = true;
    const submit = compose.querySelector('button[type=submit]');
    submit.textContent = labels.sending;
    try {
      const response = await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: phone(), name: who.elements.name.value, ...content }),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        const field = body.fieldErrors && Object.values(body.fieldErrors)[0];
        error.textContent = (field && field[0]) || body.message || labels.failed;
        return false;
      }
      await refresh();
      return true;
    } catch {
      error.textContent = labels.failed;
      return false;
    } finally {
      busy = false;
      for (const button of buttons) button.disabled = false;
      submit.textContent = labels.send;
    }
  }

  for (const group of quickReplies) {
    const holder = main.querySelector('#quick [data-kind="' + group.kind + '"]');
    for (const option of group.options) holder.append(choiceButton(group.kind, option));
  }
  compose.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (await send({ type: 'text', text: compose.elements.text.value })) compose.elements.text.value = '';
  });
  compose.elements.text.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); compose.requestSubmit(); }
  });
  function showPlace(open) {
    placeForm.hidden = !open;
    share.setAttribute('aria-expanded', String(open));
    if (open) placeForm.elements.preset.focus();
  }
  share.addEventListener('click', () => showPlace(placeForm.hidden));
  document.getElementById('cancel-place').addEventListener('click', () => showPlace(false));
  placeForm.elements.preset.addEventListener('change', () => {
    const place = labels.places[Number(placeForm.elements.preset.value)];
    for (const field of ['name', 'address', 'latitude', 'longitude']) placeForm.elements[field].value = place[field];
  });
  placeForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const number = (field) => Number(String(placeForm.elements[field].value).replace(',', '.'));
    const latitude = number('latitude');
    const longitude = number('longitude');
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      error.textContent = labels.invalidPlace;
      return;
    }
    const name = placeForm.elements.name.value.trim();
    const address = placeForm.elements.address.value.trim();
    const sent = await send({ type: 'location', location: { latitude, longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) } });
    if (sent) showPlace(false);
  });
  who.elements.format.addEventListener('change', () => {
    const example = who.elements.format.value;
    if (example) who.elements.phone.value = example;
    else who.elements.phone.focus();
    render([]);
    refresh();
  });
  // A number typed by hand selects the format it is written in (or 'Otro número').
  const patterns = { uy: /^598\\d{8}$/, mx521: /^521\\d{10}$/, mx: /^52\\d{10}$/, ar: /^549\\d{10}$/, brOld: /^55\\d{2}\\d{8}$/, br: /^55\\d{2}9\\d{8}$/ };
  const examples = Object.fromEntries(main.dataset.formats.split(',').map((pair) => pair.split('=')));
  who.elements.phone.addEventListener('input', () => {
    const digits = who.elements.phone.value.replace(/\\D/g, '');
    const format = Object.keys(patterns).find((name) => patterns[name].test(digits));
    who.elements.format.value = format ? examples[format] : '';
  });
  who.elements.phone.addEventListener('change', () => { render([]); refresh(); });
  refresh();
  setInterval(refresh, 1500);
})();
`;

export const SANDBOX_STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#efeae2;color:#111b21}
[hidden]{display:none!important}
main{max-width:640px;margin:0 auto;padding:16px;display:flex;flex-direction:column;gap:12px;min-height:100vh;box-sizing:border-box}
h1{font-size:1.25rem;margin:0}h2{font-size:.9rem;margin:0}.intro,.hint{margin:0;color:#54656f;font-size:.9rem}.hint{font-size:.8rem}
form{display:flex;gap:8px;flex-wrap:wrap;align-items:flex-end}.field{display:flex;flex-direction:column;gap:4px;min-width:0}label{font-size:.8rem;color:#54656f}
#who .field{flex:1 1 140px}#who .field:first-child{flex-basis:220px}#who .field:nth-child(2){flex-basis:190px}.grow{flex:1 1 200px}.wide{flex-basis:100%}
input,textarea,select{font:inherit;padding:8px;border:1px solid #d1d7db;border-radius:8px;background:#fff;color:inherit;min-width:0;box-sizing:border-box;width:100%}
button{font:inherit;padding:10px 16px;border:0;border-radius:8px;background:#008069;color:#fff;cursor:pointer}button:disabled{opacity:.6;cursor:default}
button.secondary{background:#fff;color:#008069;border:1px solid #008069}
.actions{display:flex;gap:8px;flex-wrap:wrap}
#place{background:#fff;border-radius:8px;padding:12px}#place .half{flex:1 1 calc(50% - 4px)}#place .wide{flex-basis:100%}
#messages{list-style:none;margin:0;padding:12px;flex:1;overflow:auto;display:flex;flex-direction:column;gap:6px;background:#e5ddd5;border-radius:8px;min-height:240px;max-height:60vh}
#messages li{max-width:80%;padding:6px 10px;border-radius:8px;background:#fff;box-shadow:0 1px .5px rgba(0,0,0,.13);display:flex;flex-direction:column;gap:2px;overflow-wrap:anywhere}
#messages li.customer{align-self:flex-end;background:#d9fdd3}#messages li.company{align-self:flex-start}
#messages li.empty{align-self:center;background:transparent;box-shadow:none;color:#54656f}
.who,.kind{font-size:.7rem;color:#667781}.kind{text-transform:uppercase;letter-spacing:.03em}
.text{white-space:pre-wrap}.place{display:flex;flex-direction:column;gap:2px}.place a{color:#027eb5}
.meta{align-self:flex-end;display:flex;gap:4px;align-items:center;font-size:.7rem;color:#667781}
.ticks{font-size:.75rem;letter-spacing:-.25em;padding-right:.25em;color:#8696a0}.ticks.read{color:#53bdeb}
.media{max-width:100%;border-radius:6px;margin:4px 0}
#quick{display:flex;flex-direction:column;gap:6px}
.buttons{display:flex;flex-wrap:wrap;gap:6px}.rows{display:flex;flex-direction:column;gap:4px;margin-top:6px}
.chip{background:#fff;color:#027eb5;border:1px solid #d1d7db;padding:8px 12px;border-radius:18px}
.row{background:#fff;color:#111b21;border:1px solid #d1d7db;text-align:left;display:flex;flex-direction:column;gap:2px}.row small{color:#667781}
li .buttons,li .rows{margin-top:4px}
details summary{cursor:pointer;color:#008069;font-size:.9rem}
#error{color:#c92a2a;margin:0;min-height:1.2em}`;
