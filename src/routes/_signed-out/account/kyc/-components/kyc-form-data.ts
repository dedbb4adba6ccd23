import type { KycForm } from '#machines/kyc.machine'

/** A chosen file, or null for an input left empty (the browser sends an empty, nameless file). */
function chosenFile(value: FormDataEntryValue | null): File | null {
  if (!(value instanceof File)) return null
  return value.size > 0 || value.name !== '' ? value : null
}

function text(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : ''
}

/** What the KYC form holds, as the SUBMIT event carries it; the machine checks it. */
export function readKycForm(data: FormData): KycForm {
  return {
    country: text(data.get('country')),
    phone: text(data.get('phone')),
    homeAddress: text(data.get('homeAddress')),
    dateOfBirth: text(data.get('dateOfBirth')),
    type: text(data.get('type')),
    documentNumber: text(data.get('documentNumber')),
    documentCountry: text(data.get('documentCountry')),
    documentExpiry: text(data.get('documentExpiry')),
    pic: chosenFile(data.get('pic')),
    idcardFront: chosenFile(data.get('idcardFront')),
    idcardBack: chosenFile(data.get('idcardBack')),
  }
}
