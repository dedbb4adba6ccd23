/**
 * The Spanish of every English text the server's customer calls and the shared contract write
 * (docs/decisions/091; `wordsIn` in ./words.ts reads it). A key is the English exactly as it is
 * written; `{name}` stands for a value, which goes into the Spanish as it is, or in Spanish when
 * it is itself a text of this table or an amount. Plurals are written out: one key per form.
 * Spain Spanish, the formal "usted". test/flows/server-words.test.ts fails on a text missing here.
 */
export const spanishWords: Record<string, string> = {
  // Signing in, signup and recovery (server/actions/messages.ts, sign-in.ts, sign-up.ts).
  'Invalid Credentials': 'Credenciales no válidas',
  'Invalid or expired code. Check the code in your latest e-mail, or ask for a new one.':
    'Código no válido o caducado. Compruebe el código de su último correo o solicite uno nuevo.',
  'Too many failed attempts.': 'Demasiados intentos fallidos.',
  'Try again in 1 minute (at {time} UTC).':
    'Inténtelo de nuevo dentro de 1 minuto (a las {time} UTC).',
  'Try again in {minutes} minutes (at {time} UTC).':
    'Inténtelo de nuevo dentro de {minutes} minutos (a las {time} UTC).',
  '1 attempt left before a {minutes}-minute block.':
    'Le queda 1 intento antes de un bloqueo de {minutes} minutos.',
  '{left} attempts left before a {minutes}-minute block.':
    'Le quedan {left} intentos antes de un bloqueo de {minutes} minutos.',
  'Please wait {seconds} seconds before asking for a new code.':
    'Espere {seconds} segundos antes de solicitar un nuevo código.',
  'Code Sent, Please Wait': 'Código enviado, espere por favor',
  'Please verify your e-mail address to continue.':
    'Verifique su dirección de correo electrónico para continuar.',
  'Taking you to the admin area.': 'Le llevamos al área de administración.',
  'Welcome Back': 'Bienvenido de nuevo',
  'Your account has been created. Enter the 6-digit code we sent to your e-mail.':
    'Su cuenta se ha creado. Introduzca el código de 6 dígitos que le hemos enviado por correo electrónico.',
  'That username is already taken. Please choose another.':
    'Ese nombre de usuario ya está en uso. Elija otro.',
  'Your passcode must be exactly 6 digits.':
    'Su código de acceso debe tener exactamente 6 dígitos.',
  'Your username must be 3 to 40 characters: letters, digits, dots, dashes or underscores.':
    'Su nombre de usuario debe tener de 3 a 40 caracteres: letras, dígitos, puntos, guiones o guiones bajos.',
  'Your e-mail address is verified.': 'Su dirección de correo electrónico está verificada.',
  'Check your Email for further instructions.':
    'Consulte su correo electrónico para seguir las instrucciones.',
  'Your passcode has been reset. You can now log in with your new passcode.':
    'Su código de acceso se ha restablecido. Ya puede iniciar sesión con su nuevo código de acceso.',
  'We have sent a link to reset your PIN to your registered email address. Please check your inbox.':
    'Le hemos enviado un enlace para restablecer su PIN a su dirección de correo electrónico registrada. Consulte su bandeja de entrada.',
  'We have just sent you a link. Please wait {seconds} seconds before asking for a new one.':
    'Le acabamos de enviar un enlace. Espere {seconds} segundos antes de solicitar uno nuevo.',
  'Your PIN has been reset.': 'Su PIN se ha restablecido.',
  'Your session has ended. Please log in again.':
    'Su sesión ha finalizado. Inicie sesión de nuevo.',
  'Too many requests right now. Please try again in a moment.':
    'Hay demasiadas solicitudes en este momento. Inténtelo de nuevo en unos instantes.',
  'Something went wrong on our side. Please try again.':
    'Algo ha fallado por nuestra parte. Inténtelo de nuevo.',
  'Our service is briefly unavailable. Please try again in a moment.':
    'Nuestro servicio no está disponible por un momento. Inténtelo de nuevo en unos instantes.',

  // The e-mail change, the profile, the passcode and PIN changes.
  'This is already your e-mail address.': 'Esta ya es su dirección de correo electrónico.',
  'This e-mail address cannot be used. Please choose another.':
    'No se puede utilizar esta dirección de correo electrónico. Elija otra.',
  'We have sent a 6-digit code to {email}. Enter it to confirm your new address.':
    'Hemos enviado un código de 6 dígitos a {email}. Introdúzcalo para confirmar su nueva dirección.',
  'Your e-mail address has been changed.': 'Su dirección de correo electrónico se ha cambiado.',
  'Your profile has been updated.': 'Su perfil se ha actualizado.',
  'Your profile picture has been updated.': 'Su foto de perfil se ha actualizado.',
  'Password Mismatch': 'Las contraseñas no coinciden',
  'Your passcode has been changed. Every other device signed in to your account was signed out.':
    'Su código de acceso se ha cambiado. Se ha cerrado la sesión en todos los demás dispositivos conectados a su cuenta.',
  'Your passcode has been changed.': 'Su código de acceso se ha cambiado.',
  'Your transaction PIN has been changed.': 'Su PIN de operaciones se ha cambiado.',
  'You have no transaction PIN yet. Create one first.':
    'Todavía no tiene un PIN de operaciones. Cree uno primero.',
  'The new passcode must differ from the current one.':
    'El nuevo código de acceso debe ser distinto del actual.',
  'The current passcode is wrong.': 'El código de acceso actual no es correcto.',
  'The current PIN is wrong.': 'El PIN actual no es correcto.',
  'Your transaction PIN has been successfully created':
    'Su PIN de operaciones se ha creado correctamente',
  'You already have a transaction PIN. To change it, go to Settings.':
    'Ya tiene un PIN de operaciones. Para cambiarlo, vaya a Ajustes.',

  // Devices, passkeys and the security log.
  'That device is signed out.': 'Se ha cerrado la sesión en ese dispositivo.',
  'That device is not signed in any more.': 'Ese dispositivo ya no tiene la sesión iniciada.',
  'No other device was signed in.': 'No había ningún otro dispositivo con la sesión iniciada.',
  '1 other device was signed out.': 'Se ha cerrado la sesión en 1 dispositivo más.',
  '{count} other devices were signed out.': 'Se ha cerrado la sesión en {count} dispositivos más.',
  'Every device signed in to your account is signed out. We have e-mailed you a code to choose a new passcode.':
    'Se ha cerrado la sesión en todos los dispositivos conectados a su cuenta. Le hemos enviado por correo electrónico un código para elegir un nuevo código de acceso.',
  'This link does not work any more (it was used, or it is older than 7 days). If you think someone else signed in, reset your passcode.':
    'Este enlace ya no funciona (ya se utilizó o tiene más de 7 días). Si cree que otra persona ha iniciado sesión, restablezca su código de acceso.',
  'Your passkey is added. You can sign in and approve transfers with it.':
    'Su llave de acceso se ha añadido. Puede iniciar sesión y aprobar transferencias con ella.',
  'The passkey could not be checked. Please try again.':
    'No se ha podido comprobar la llave de acceso. Inténtelo de nuevo.',
  'This passkey is added already.': 'Esta llave de acceso ya está añadida.',
  'Your passkey is renamed.': 'Su llave de acceso se ha renombrado.',
  'Your passkey is removed: it signs nothing in any more.':
    'Su llave de acceso se ha eliminado: ya no sirve para iniciar sesión.',
  'That passkey is not one of yours any more.': 'Esa llave de acceso ya no es suya.',
  // The security log's events (server/domain/security-log.ts).
  'Signed in': 'Inicio de sesión',
  'A sign-in failed: wrong passcode': 'Inicio de sesión fallido: código de acceso incorrecto',
  'Signed in on a new device': 'Inicio de sesión en un dispositivo nuevo',
  'A device was signed out': 'Se cerró la sesión en un dispositivo',
  'Every other device was signed out': 'Se cerró la sesión en todos los demás dispositivos',
  '"This wasn\'t me": every device was signed out':
    '«No he sido yo»: se cerró la sesión en todos los dispositivos',
  'Passcode changed': 'Código de acceso cambiado',
  'Passcode reset': 'Código de acceso restablecido',
  'Transaction PIN created': 'PIN de operaciones creado',
  'Transaction PIN changed': 'PIN de operaciones cambiado',
  'Transaction PIN reset': 'PIN de operaciones restablecido',
  'E-mail address changed': 'Dirección de correo electrónico cambiada',
  'Passkey added': 'Llave de acceso añadida',
  'Passkey removed': 'Llave de acceso eliminada',
  'Payee added': 'Beneficiario añadido',
  "A payee's account details changed": 'Cambiaron los datos de cuenta de un beneficiario',
  'Payee removed': 'Beneficiario eliminado',
  '{what} with a passkey': '{what} con una llave de acceso',
  'The passcode is wrong.': 'El código de acceso no es correcto.',
  'Passcode confirmed.': 'Código de acceso confirmado.',

  // Notifications, KYC, receipts.
  'Marked as read': 'Marcada como leída',
  'Something went wrong!': '¡Algo ha fallado!',
  'Your photo': 'Su fotografía',
  'The front of your ID document': 'El anverso de su documento de identidad',
  'The back of your ID document': 'El reverso de su documento de identidad',
  'Your documents are already under review. We will e-mail you the result.':
    'Sus documentos ya están en revisión. Le enviaremos el resultado por correo electrónico.',
  'Your account is already verified. Please log in.':
    'Su cuenta ya está verificada. Inicie sesión.',
  'Your account could not be found.': 'No se ha encontrado su cuenta.',
  'Please choose an ID document type from the list.':
    'Elija un tipo de documento de identidad de la lista.',
  '{file} was not accepted: {reason}': '{file}: no se ha aceptado. {reason}',
  'Your documents have been submitted. We will e-mail you when the review is done.':
    'Sus documentos se han enviado. Le escribiremos por correo electrónico cuando termine la revisión.',
  'Your verification request has been sent. We will let you know when it has been checked.':
    'Su solicitud de verificación se ha enviado. Le avisaremos cuando se haya revisado.',
  'Your verification request is already waiting for review.':
    'Su solicitud de verificación ya está pendiente de revisión.',
  'Please choose a document type from the list.': 'Elija un tipo de documento de la lista.',
  'The document was not accepted: {reason}': 'No se ha aceptado el documento: {reason}',
  'Receipt not found.': 'No se ha encontrado el comprobante.',

  // Adding funds, payments, plans.
  'Your request was received. It is pending until we have checked your payment.':
    'Hemos recibido su solicitud. Quedará pendiente hasta que hayamos comprobado su pago.',
  'Enter an amount greater than 0.': 'Introduzca un importe mayor que 0.',
  'Please choose a coin type from the list.': 'Elija un tipo de moneda de la lista.',
  'Please choose a purpose from the list.': 'Elija una finalidad de la lista.',
  'Please choose a plan from the list.': 'Elija un plan de la lista.',
  'Your account is already on this plan.': 'Su cuenta ya tiene este plan.',
  '{plan} costs {price}: please send exactly that amount.':
    '{plan} cuesta {price}: envíe exactamente ese importe.',
  'This submission key was already used for a different request. Please start again.':
    'Esta clave de envío ya se utilizó para otra solicitud. Empiece de nuevo.',
  'Your account is on hold, so we cannot take new requests. Please contact us.':
    'Su cuenta está retenida, por lo que no podemos aceptar nuevas solicitudes. Póngase en contacto con nosotros.',
  'The proof of payment was not accepted: {reason}':
    'No se ha aceptado el comprobante de pago: {reason}',
  'The transaction hash of a {coin} payment is {says}. Please copy it from your wallet again.':
    'El hash de la transacción de un pago en {coin} consta de {says}. Cópielo de nuevo desde su monedero.',
  '64 characters, 0-9 and a-f': '64 caracteres, 0-9 y a-f',
  '0x, then 64 characters, 0-9 and a-f': '0x y, a continuación, 64 caracteres, 0-9 y a-f',
  '64 characters, 0-9 and a-f (0x before them or not)':
    '64 caracteres, 0-9 y a-f (precedidos o no de 0x)',
  'This payment has already been sent to us with another request: each payment on the chain counts once.':
    'Este pago ya se nos envió con otra solicitud: cada pago en la cadena cuenta una sola vez.',

  // Payees.
  '{name} is in your payees. As for any new payee, your first transfer to them may ask for an extra confirmation.':
    '{name} figura ahora entre sus beneficiarios. Como con cualquier beneficiario nuevo, su primera transferencia puede requerir una confirmación adicional.',
  '{name} is saved. As the account details changed, your next transfer to them counts as one to a new payee and may ask for an extra confirmation.':
    '{name} se ha guardado. Como han cambiado los datos de la cuenta, su próxima transferencia contará como una a un beneficiario nuevo y puede requerir una confirmación adicional.',
  '{name} is saved.': '{name} se ha guardado.',
  '{name} is removed from your payees. Your past transfers and receipts do not change.':
    '{name} se ha eliminado de sus beneficiarios. Sus transferencias y comprobantes anteriores no cambian.',
  'This SWIFT/BIC and account number is already in your payees.':
    'Este SWIFT/BIC y número de cuenta ya figura entre sus beneficiarios.',
  'This SWIFT/BIC and account number is already in your payees, as {name}.':
    'Este SWIFT/BIC y número de cuenta ya figura entre sus beneficiarios, como {name}.',
  'Your payees are full ({limit}). Remove one you no longer pay to add another.':
    'Su lista de beneficiarios está completa ({limit}). Elimine uno al que ya no pague para añadir otro.',
  'This payee is not in your payees any more. The list is shown again.':
    'Este beneficiario ya no figura entre sus beneficiarios. Se muestra de nuevo la lista.',

  // Transfers, step-up, scheduled transfers.
  'Create your transaction PIN first.': 'Cree primero su PIN de operaciones.',
  'Incorrect PIN. 1 try left before transfers are blocked.':
    'PIN incorrecto. Le queda 1 intento antes de que se bloqueen las transferencias.',
  'Incorrect PIN. {left} tries left before transfers are blocked.':
    'PIN incorrecto. Le quedan {left} intentos antes de que se bloqueen las transferencias.',
  'Too many incorrect PINs. Transfers are blocked until {time} UTC; try again then, or reset your PIN from Settings.':
    'Demasiados PIN incorrectos. Las transferencias están bloqueadas hasta las {time} UTC; inténtelo de nuevo entonces o restablezca su PIN en Ajustes.',
  'Too many incorrect authorization codes. Transfers are blocked until {time} UTC; try again then.':
    'Demasiados códigos de autorización incorrectos. Las transferencias están bloqueadas hasta las {time} UTC; inténtelo de nuevo entonces.',
  'We have already e-mailed you several authorization codes. Please use the latest one, or start this transfer again after {time} UTC.':
    'Ya le hemos enviado por correo electrónico varios códigos de autorización. Utilice el último o vuelva a iniciar esta transferencia después de las {time} UTC.',
  'Your account is in {code}: a transfer from it can only be in {code}.':
    'Su cuenta está en {code}: una transferencia desde ella solo puede hacerse en {code}.',
  'Your account is on hold, so no money can leave it. Please contact us.':
    'Su cuenta está retenida, por lo que no puede salir dinero de ella. Póngase en contacto con nosotros.',
  'PIN confirmed.': 'PIN confirmado.',
  'Transfer Authorization Code': 'Código de autorización de transferencia',
  '{reason}, so we have e-mailed you a 6-digit Transfer Authorization Code for this amount and payee. Enter it to continue; it is valid for 10 minutes.':
    '{reason}, por lo que le hemos enviado por correo electrónico un código de autorización de transferencia de 6 dígitos para este importe y este beneficiario. Introdúzcalo para continuar; es válido durante 10 minutos.',
  'This amount is above your plan’s limit': 'Este importe supera el límite de su plan',
  'This is a new payee': 'Es un beneficiario nuevo',
  'Approve with your passkey': 'Apruebe con su llave de acceso',
  '{reason}, so approve this transfer with your passkey. It approves this amount and payee only.':
    '{reason}, por lo que debe aprobar esta transferencia con su llave de acceso. La aprobación vale solo para este importe y este beneficiario.',
  'Transfer approved with your passkey.': 'Transferencia aprobada con su llave de acceso.',
  'Your passkey did not approve this transfer. Try again, or start the transfer again.':
    'Su llave de acceso no ha aprobado esta transferencia. Inténtelo de nuevo o vuelva a iniciar la transferencia.',
  'This approval is for a different amount or payee. Start the transfer again to approve what you see.':
    'Esta aprobación es para otro importe u otro beneficiario. Vuelva a iniciar la transferencia para aprobar lo que ve.',
  'This transfer is not approved with a passkey.':
    'Esta transferencia no se aprueba con una llave de acceso.',
  'Transfer authorised.': 'Transferencia autorizada.',
  'This authorization has expired or does not exist. Please start the transfer again.':
    'Esta autorización ha caducado o no existe. Vuelva a iniciar la transferencia.',
  'This code has already been used.': 'Este código ya se ha utilizado.',
  'This transfer needs no authorization code.':
    'Esta transferencia no necesita código de autorización.',
  'This code has expired or was tried too often. Please start the transfer again.':
    'Este código ha caducado o se ha probado demasiadas veces. Vuelva a iniciar la transferencia.',
  'This code was sent for a different amount or payee.':
    'Este código se envió para otro importe u otro beneficiario.',
  'Incorrect code.': 'Código incorrecto.',
  '1 try left.': 'Le queda 1 intento.',
  '{left} tries left.': 'Le quedan {left} intentos.',
  'Insufficient balance': 'Saldo insuficiente',
  'Transfer Submitted': 'Transferencia enviada',
  '{name} (account {number}, {bank})': '{name} (cuenta {number}, {bank})',
  'Your transfer of {amount} to {payee} is in progress.':
    'Su transferencia de {amount} a {payee} está en curso.',
  // Why a scheduled run was not made (server/domain/scheduled-transfers.ts): in its list, and
  // capitalised in its e-mail.
  'your available balance did not cover it.': 'su saldo disponible no era suficiente.',
  'Your available balance did not cover it.': 'Su saldo disponible no era suficiente.',
  'your account is on hold, so no money can leave it.':
    'su cuenta está retenida, por lo que no puede salir dinero de ella.',
  'Your account is on hold, so no money can leave it.':
    'Su cuenta está retenida, por lo que no puede salir dinero de ella.',
  'your account is no longer in the currency it was set up in.':
    'su cuenta ya no está en la divisa en la que se configuró.',
  'Your account is no longer in the currency it was set up in.':
    'Su cuenta ya no está en la divisa en la que se configuró.',
  'Enter a real date (YYYY-MM-DD).': 'Introduzca una fecha válida (AAAA-MM-DD).',
  'Choose a date from tomorrow on: to send today, use Send now.':
    'Elija una fecha a partir de mañana: para enviar hoy, utilice Enviar ahora.',
  'Choose dates within a year: until {day} at the latest.':
    'Elija fechas dentro de un año: hasta el {day} como muy tarde.',
  'Choose when the repeat ends: an end date, or a number of transfers.':
    'Elija cuándo termina la repetición: una fecha de fin o un número de transferencias.',
  'The end date must be on or after the first date.':
    'La fecha de fin debe ser igual o posterior a la primera fecha.',
  'Enter a number of transfers from 2 to {max}.':
    'Introduzca un número de transferencias de 2 a {max}.',
  'Transfer scheduled for {day}.': 'Transferencia programada para el {day}.',
  'Repeating transfer set up: {count} transfers from {first} to {last}.':
    'Transferencia periódica configurada: {count} transferencias del {first} al {last}.',
  'This transfer is not authorised: confirm it with your PIN (and the e-mailed code when asked) for this amount and payee.':
    'Esta transferencia no está autorizada: confírmela con su PIN (y con el código enviado por correo electrónico cuando se le pida) para este importe y este beneficiario.',
  'The transfer of {day} is skipped; the others are still scheduled.':
    'Se ha omitido la transferencia del {day}; las demás siguen programadas.',
  'The scheduled transfer is cancelled: none of its upcoming transfers will be made.':
    'La transferencia programada se ha cancelado: no se realizará ninguna de sus próximas transferencias.',
  'This scheduled transfer is no longer active. The list is shown again.':
    'Esta transferencia programada ya no está activa. Se muestra de nuevo la lista.',
  'This scheduled transfer has no transfer on that date.':
    'Esta transferencia programada no tiene ninguna transferencia en esa fecha.',
  'The transfer of that date was already made or skipped.':
    'La transferencia de esa fecha ya se realizó o se omitió.',
  'That date has passed: only an upcoming transfer can be skipped.':
    'Esa fecha ya ha pasado: solo se puede omitir una transferencia próxima.',

  // Notifications the bank writes (server/domain), kept in English, read in the reader's language.
  'Transfer scheduled': 'Transferencia programada',
  'Your transfer of {amount} to {payee} is scheduled for {day}.':
    'Su transferencia de {amount} a {payee} está programada para el {day}.',
  'Your transfer of {amount} to {payee} repeats {cadence}, {count} times from {first} to {last}.':
    'Su transferencia de {amount} a {payee} se repite {cadence}, {count} veces del {first} al {last}.',
  weekly: 'cada semana',
  monthly: 'cada mes',
  'Your scheduled transfer of {amount} to {payee} for {day} is being processed.':
    'Su transferencia programada de {amount} a {payee} del {day} se está procesando.',
  'Your transfer of {amount} to {payee} is being processed.':
    'Su transferencia de {amount} a {payee} se está procesando.',
  'Fixed deposit matured': 'Depósito a plazo fijo vencido',
  'Your fixed deposit of {amount} ({plan}) has matured: {total}, interest included, is now in your balance.':
    'Su depósito a plazo fijo de {amount} ({plan}) ha vencido: {total}, intereses incluidos, ya está en su saldo.',
  'Your fixed deposit of {amount} ({plan}) has started. On {day} you receive {total}, interest included.':
    'Su depósito a plazo fijo de {amount} ({plan}) ha comenzado. El {day} recibirá {total}, intereses incluidos.',
  'Your account is frozen': 'Su cuenta está bloqueada',
  'We have frozen your account: you cannot use it or move money out of it until we lift the freeze. Please contact us.':
    'Hemos bloqueado su cuenta: no puede utilizarla ni sacar dinero de ella hasta que levantemos el bloqueo. Póngase en contacto con nosotros.',
  'Your account is open again': 'Su cuenta vuelve a estar operativa',
  'We have lifted the freeze: you can use your account and move money again.':
    'Hemos levantado el bloqueo: ya puede volver a utilizar su cuenta y mover dinero.',
  'Your account is verified': 'Su cuenta está verificada',
  'We have checked your documents. Welcome aboard: your account is ready to use.':
    'Hemos revisado sus documentos. Le damos la bienvenida: su cuenta está lista para usarse.',
  'Your verification request is approved': 'Su solicitud de verificación se ha aprobado',
  'Your verification request was declined': 'Su solicitud de verificación se ha rechazado',
  'We have checked your document. Thank you.': 'Hemos revisado su documento. Gracias.',
  'We could not accept your document.': 'No hemos podido aceptar su documento.',
  'We could not accept your document: {reason}': 'No hemos podido aceptar su documento: {reason}',
  'Please send a new request.': 'Envíe una nueva solicitud.',
  deposit: 'depósito',
  payment: 'pago',
  'fixed deposit': 'depósito a plazo fijo',
  upgrade: 'cambio de plan',
  'Your {kind} was declined': 'Se ha rechazado su {kind}',
  'Your {kind} was confirmed': 'Se ha confirmado su {kind}',
  'Your {kind} request of {amount} was declined.':
    'Se ha rechazado su solicitud de {kind} por {amount}.',
  'Reason: {reason}': 'Motivo: {reason}',
  'Your deposit of {amount} was confirmed as {received}, the amount we received ({reason}). It is now in your balance.':
    'Su depósito de {amount} se ha confirmado por {received}, el importe que hemos recibido ({reason}). Ya está en su saldo.',
  'Your deposit of {amount} is now in your balance.':
    'Su depósito de {amount} ya está en su saldo.',
  'Your payment of {amount} ({purpose}) was received and recorded. Nothing was taken from your balance.':
    'Su pago de {amount} ({purpose}) se ha recibido y registrado. No se ha cargado nada en su saldo.',
  'Your account is now on {plan}.': 'Su cuenta tiene ahora el plan {plan}.',
  'A correction to your account': 'Una corrección en su cuenta',
  'We credited {amount} to your account: {reason}': 'Hemos abonado {amount} en su cuenta: {reason}',
  'We debited {amount} from your account: {reason}':
    'Hemos cargado {amount} en su cuenta: {reason}',
  "If this wasn't you, use the link in the e-mail we sent, or sign out your devices in Settings and change your passcode.":
    'Si no ha sido usted, utilice el enlace del correo que le hemos enviado, o cierre la sesión en sus dispositivos en Ajustes y cambie su código de acceso.',

  // Uploads (server/storage, src/api/upload-rules.ts).
  'The file is empty.': 'El archivo está vacío.',
  'The file is too large (at most 5 MB).': 'El archivo es demasiado grande (5 MB como máximo).',
  'The file must be {kind}.': 'El archivo debe ser {kind}.',
  'a PNG, JPG, GIF or WebP image or a PDF': 'una imagen PNG, JPG, GIF o WebP, o un PDF',
  'a PNG, JPG, GIF or WebP image': 'una imagen PNG, JPG, GIF o WebP',
  'The picture is too large: at most {megapixels} megapixels.':
    'La imagen es demasiado grande: {megapixels} megapíxeles como máximo.',
  'The picture could not be read as an image.': 'No se ha podido leer la imagen.',
  'File too large: at most {size} MB': 'Archivo demasiado grande: {size} MB como máximo',
  'File is empty: choose another': 'El archivo está vacío: elija otro',
  'Wrong file type: {types} only': 'Tipo de archivo no válido: solo {types}',

  // The forms' own rules (src/api/contract/field-rules.ts).
  'Passcode must be 6 digits': 'El código de acceso debe tener 6 dígitos',
  'PIN must be 4 digits': 'El PIN debe tener 4 dígitos',
  'Enter the 6-digit code from the e-mail': 'Introduzca el código de 6 dígitos del correo',
  "That doesn't look like an email address": 'Esa no parece una dirección de correo electrónico',

  // The contract's labels: what a refusal names a field by ("The amount must be ...").
  'This request': 'Esta solicitud',
  'The page marker': 'El marcador de página',
  'The page size': 'El tamaño de página',
  'The receipt number': 'El número de comprobante',
  'Your picture': 'Su foto',
  'The new e-mail address': 'La nueva dirección de correo electrónico',
  'Your current passcode': 'Su código de acceso actual',
  'Your new passcode': 'Su nuevo código de acceso',
  'The confirmation of your new passcode': 'La confirmación de su nuevo código de acceso',
  'Sign out my other devices': 'Cerrar la sesión en mis otros dispositivos',
  'Your current PIN': 'Su PIN actual',
  'Your new PIN': 'Su nuevo PIN',
  'The confirmation of your new PIN': 'La confirmación de su nuevo PIN',
  'The notification': 'La notificación',
  'The notifications': 'Las notificaciones',
  'Your passcode': 'Su código de acceso',
  'Remember me': 'Recordarme',
  'Your first name': 'Su nombre',
  'Your last name': 'Sus apellidos',
  'Your username': 'Su nombre de usuario',
  'Your full name': 'Su nombre completo',
  'The verification code': 'El código de verificación',
  'The step': 'El paso',
  'The reset code': 'El código de restablecimiento',
  'Your country': 'Su país',
  'Your phone number': 'Su número de teléfono',
  'Your home address': 'Su domicilio',
  'The document type': 'El tipo de documento',
  'The document number': 'El número del documento',
  'The issuing country': 'El país de expedición',
  'The expiry date': 'La fecha de caducidad',
  'The front of your document': 'El anverso de su documento',
  'The back of your document': 'El reverso de su documento',
  'The document': 'El documento',
  'The e-mail address': 'La dirección de correo electrónico',
  'Your PIN': 'Su PIN',
  'The code': 'El código',
  'The amount': 'El importe',
  'The SWIFT code': 'El código SWIFT',
  'The account number': 'El número de cuenta',
  'The submission key': 'La clave de envío',
  'The transfer authorization': 'La autorización de la transferencia',
  'The coin type': 'El tipo de moneda',
  'The proof of payment': 'El comprobante de pago',
  'The plan': 'El plan',
  'The transaction hash': 'El hash de la transacción',
  'The purpose': 'La finalidad',
  'The month': 'El mes',
  "Your passkey's answer": 'La respuesta de su llave de acceso',
  'The nickname': 'El alias',
  'The payee': 'El beneficiario',
  'The search': 'La búsqueda',
  "The payee's bank": 'El banco del beneficiario',
  "The account holder's name": 'El nombre del titular de la cuenta',
  'The currency': 'La divisa',
  'The routing number': 'El número de ruta bancaria',
  "The payee's country": 'El país del beneficiario',
  'Your gender': 'Su sexo',
  'Your date of birth': 'Su fecha de nacimiento',
  'Your marital status': 'Su estado civil',
  'Your next of kin': 'Su familiar más cercano',
  'The note': 'La nota',
  'The date': 'La fecha',
  'The repeat': 'La repetición',
  'The end date': 'La fecha de fin',
  'The number of transfers': 'El número de transferencias',
  'The scheduled transfer': 'La transferencia programada',
  'The device': 'El dispositivo',
  'The link': 'El enlace',
  "The passkey's name": 'El nombre de la llave de acceso',
  'The passkey': 'La llave de acceso',
  'A payment passkey': 'Una llave de acceso para pagos',
  'The first day': 'El primer día',
  'The last day': 'El último día',
  'The type': 'El tipo',
  'The smallest amount': 'El importe mínimo',
  'The largest amount': 'El importe máximo',
  'The Transfer Authorization Code': 'El código de autorización de transferencia',
  'The extra details': 'Los datos adicionales',
  'Save this payee': 'Guardar este beneficiario',

  // The contract's rules: the predicate after a label ("must be 6 digits").
  'is required': 'es un dato obligatorio',
  'is too long': 'es demasiado largo',
  'must come from the previous page': 'debe proceder de la página anterior',
  'must be a number from 1 to {max}': 'debe ser un número del 1 al {max}',
  'must be code or reset': 'debe ser code o reset',
  'must be in international form: + and the country code, e.g. +15550100200':
    'debe estar en formato internacional: + y el prefijo del país, p. ej., +15550100200',
  'must not contain control characters': 'no debe contener caracteres de control',
  'must be at most {count} characters': 'debe tener como máximo {count} caracteres',
  'must look like name@example.com': 'debe tener la forma nombre@ejemplo.com',
  'must be {count} digits': 'debe tener {count} dígitos',
  'must be an amount with at most 2 decimals': 'debe ser un importe con 2 decimales como máximo',
  'must be at most {size} MB': 'debe ocupar como máximo {size} MB',
  'must be at most {amount}': 'debe ser como máximo {amount}',
  'must be a numeric id': 'debe ser un identificador numérico',
  'must be up to 500 numeric ids separated by commas':
    'debe ser una lista de hasta 500 identificadores numéricos separados por comas',
  'must be a SWIFT/BIC code (8 or 11 characters)':
    'debe ser un código SWIFT/BIC (8 u 11 caracteres)',
  'must be 4 to 34 letters or digits': 'debe tener de 4 a 34 letras o dígitos',
  'must be 5 to 20 letters or digits': 'debe tener de 5 a 20 letras o dígitos',
  'must not be in the past: the document has expired':
    'no debe ser una fecha pasada: el documento ha caducado',
  'must be 16 to 100 letters, digits, - or _': 'debe tener de 16 a 100 letras, dígitos, - o _',
  'must be the one the PIN check gave': 'debe ser la que dio la comprobación del PIN',
  'must be on or off': 'debe ser on u off',
  'must be a file': 'debe ser un archivo',
  'must be a date (YYYY-MM-DD)': 'debe ser una fecha (AAAA-MM-DD)',
  'must be the 64 characters 0-9 and a-f your wallet shows':
    'debe ser los 64 caracteres 0-9 y a-f que muestra su monedero',
  'must be a month (YYYY-MM)': 'debe ser un mes (AAAA-MM)',
  'must be one of the last {count} months': 'debe ser uno de los últimos {count} meses',
  'must be one of {values}': 'debe ser uno de estos valores: {values}',
  'must be in the past, at least {years} years ago':
    'debe ser una fecha pasada, de hace al menos {years} años',
  'must be a country from the list': 'debe ser un país de la lista',
  'must be once, weekly or monthly': 'debe ser once, weekly o monthly',
  'must be a number': 'debe ser un número',
  'must be the one in your e-mail': 'debe ser el de su correo electrónico',
  'must be an amount': 'debe ser un importe',
  'must be credit, debit or empty': 'debe ser credit, debit o vacío',
  'must not be after the last day': 'no debe ser posterior al último día',
  'must not be more than the largest amount': 'no debe ser mayor que el importe máximo',
  // Statement lines and their types, as the server stores them (read where they are drawn).
  'Transfer to {name}': 'Transferencia a {name}',
  'Crypto deposit ({coin})': 'Depósito en cripto ({coin})',
  'Crypto deposit ({coin}), corrected: {reason}':
    'Depósito en cripto ({coin}), corregido: {reason}',
  'Fixed deposit matured ({plan})': 'Depósito a plazo fijo vencido ({plan})',
  'Correction: {reason}': 'Corrección: {reason}',
  'Opening deposit': 'Depósito inicial',
  'Crypto Deposit': 'Depósito en cripto',
  'Bank Transfer': 'Transferencia bancaria',
  Deposit: 'Depósito',
  'Fixed Deposit': 'Depósito a plazo fijo',
  Correction: 'Corrección',
  // The statement's and the receipts' PDF files (server/statements).
  'Account statement': 'Extracto de cuenta',
  'Account holder': 'Titular de la cuenta',
  'Account holder: {name}': 'Titular de la cuenta: {name}',
  'Account number': 'Número de cuenta',
  Currency: 'Moneda',
  Period: 'Periodo',
  Transactions: 'Movimientos',
  'credits only ({count})': 'solo abonos ({count})',
  'debits only ({count})': 'solo cargos ({count})',
  'Opening balance': 'Saldo inicial',
  'Closing balance': 'Saldo final',
  'Balances include every movement of the account; the list shows the transactions of the chosen filter. Amounts are signed: debits are negative.':
    'Los saldos incluyen todos los movimientos de la cuenta; la lista muestra los del filtro elegido. Los importes llevan signo: los cargos son negativos.',
  'No transactions in this period.': 'No hay movimientos en este periodo.',
  'Page {number} of {total}': 'Página {number} de {total}',
  'Generated {moment} UTC': 'Generado el {moment} UTC',
  Date: 'Fecha',
  Description: 'Descripción',
  Type: 'Tipo',
  Status: 'Estado',
  Receipt: 'Recibo',
  Amount: 'Importe',
  Debit: 'Cargo',
  Credit: 'Abono',
  successful: 'realizada',
  'in progress': 'en curso',
  failed: 'fallida',
  'Ref number': 'Número de referencia',
  'Payment status': 'Estado del pago',
  'Invoice brief': 'Concepto',
  'Transaction type': 'Tipo de operación',
  'Date and time': 'Fecha y hora',
  'Transaction ID': 'ID de la operación',
  'Bank name': 'Nombre del banco',
  Name: 'Nombre',
  Country: 'País',
  'Payment receipt': 'Recibo de pago',
  'Transfer receipt': 'Recibo de transferencia',
  'Correction receipt': 'Recibo de corrección',
  'Correction (credit)': 'Corrección (abono)',
  'Correction (debit)': 'Corrección (cargo)',
}
