import { describe, expect, it } from 'vitest';
import { europeanRequests, expectRequestMet } from './__fixtures__/language-requests';
import { readRequest } from './understand';

/** French, German and Spanish requests of the shapes the Japanese ones have: parties named noun first, compounds. */
describe('reading requests in French, German and Spanish', () => {
  it('reads a party named noun first or as a compound as the party', () => {
    expect(readRequest('Une facture avec le nom du client').parties).toEqual(['customer']);
    expect(readRequest('Una factura con el nombre del cliente').parties).toEqual(['customer']);
    expect(readRequest('Eine Rechnung mit Kundenname').parties).toEqual(['customer']);
    expect(readRequest('Un certificat avec le nom du participant').parties).toEqual(['recipient']);
    expect(readRequest('Un certificado con el nombre del participante').parties).toEqual(['recipient']);
    expect(readRequest("Un bon de livraison avec l'adresse de livraison").parties).toEqual(['ship_to']);
    expect(readRequest('Ein Lieferschein mit Lieferadresse').parties).toEqual(['ship_to']);
    expect(readRequest('Un albarán con la dirección de entrega').parties).toEqual(['ship_to']);
    // A name that is not a party's stays a field.
    const project = readRequest('Une facture avec le nom du projet');
    expect(project.parties).toEqual([]);
    expect(project.fields).toHaveLength(1);
  });

  it('knows procès-verbal, Bescheinigung and the Spanish employee number', () => {
    expect(readRequest('Un procès-verbal de réunion').docType).toBe('minutes');
    expect(readRequest('Eine Teilnahmebescheinigung mit Kurs und Datum').docType).toBe('certificate');
    expect(readRequest('Una nómina con el número de empleado').fields.map((f) => f.key)).toEqual(['employee_id']);
    expect(readRequest('Ein Protokoll mit Teilnehmern').fields.map((f) => f.key)).toEqual(['attendees']);
  });
});

describe('offline provider: requests in French, German and Spanish', () => {
  for (const c of europeanRequests) {
    it(`writes a working template for "${c.prompt}"`, () => expectRequestMet(c));
  }
});
