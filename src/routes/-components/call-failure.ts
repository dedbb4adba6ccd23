/** The failure texts live with the API client, so machines and views share them. */
export {
  failureMessage,
  genericFailureMessage,
  networkFailureMessage,
} from '#api/call-failure'
