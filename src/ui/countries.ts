/** The KYC and profile forms' country list lives in src/api, where the server checks it too. */
export { type Country, countries, listCountries, notCountries } from '#api/countries'
