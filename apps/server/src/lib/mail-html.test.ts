import { describe, expect, it } from 'vitest';
import { htmlToResume, sanitizeMailBody, sanitizeSignature } from './mail-html';

describe('el resumen de un correo', () => {
  it('corta la cita en la línea "El …, … escribió:", aunque ocupe dos líneas', () => {
    expect(
      htmlToResume(
        'Perfecto, gracias.\n\nEl lun, 3 nov 2025 a las 10:00, Ventas escribió:\n> Hola',
        '',
      ),
    ).toBe('Perfecto, gracias.');
    expect(
      htmlToResume(
        'Dale.\nEl lun, 3 nov 2025 a las 10:00, Juan Pérez <\njuan@ventas.test> escribió:\n> Hola',
        '',
      ),
    ).toBe('Dale.');
    expect(htmlToResume('Ok\nOn Mon, Nov 3, 2025 at 10:00 AM Sales wrote:\n> Hi', '')).toBe('Ok');
  });

  it('no corta un correo que empieza con "El …" sin ser una cita', () => {
    expect(htmlToResume('El presupuesto es de 300 dólares.\nSaludos', '')).toBe(
      'El presupuesto es de 300 dólares. Saludos',
    );
  });

  it('sin texto, usa el cuerpo; lo largo termina en …', () => {
    expect(htmlToResume('', '<p>Hola</p><p>equipo</p>')).toBe('Hola equipo');
    expect(htmlToResume('a'.repeat(400), '')).toHaveLength(300);
  });
});

describe('el HTML de un correo', () => {
  it('deja solo el formato: sin scripts, manejadores ni estilos peligrosos', () => {
    expect(
      sanitizeMailBody(
        '<div style="color:red;background:url(x)" onmouseover="x()"><iframe src="https://x"></iframe><form><input></form>Hola</div>',
        () => undefined,
      ),
    ).toBe('<div style="color:red">Hola</div>');
  });

  it('retiene las imágenes remotas y resuelve las incrustadas', () => {
    const inline = (id: string) => (id === 'logo@x' ? '/api/files/email/logo.png' : undefined);
    expect(
      sanitizeMailBody(
        '<img src="http://pixel.test/a.gif"><img src="cid:logo@x" alt="Logo"><img src="cid:otra">',
        inline,
      ),
    ).toBe(
      '<img data-remote-src="http://pixel.test/a.gif" /><img alt="Logo" src="/api/files/email/logo.png" />',
    );
  });

  it('la firma acepta imágenes https o propias, nada más', () => {
    expect(
      sanitizeSignature(
        '<img src="http://x/a.png"><img src="https://x/b.png"><img src="/api/files/t/f.png">',
      ),
    ).toBe('<img src="https://x/b.png" /><img src="/api/files/t/f.png" />');
  });
});
