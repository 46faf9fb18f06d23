import { interpolate, type Language, type Localized } from './language.js';

/**
 * Every error the API can answer with: a stable code, its HTTP status and its text in the three
 * languages. The server localizes with it; the web client shows the `error` text it receives.
 */
export const ERRORS = {
  VALIDATION_FAILED: {
    status: 400,
    uz: "Ma'lumotlar noto'g'ri to'ldirilgan",
    en: 'Some fields are missing or invalid',
    ru: 'Некоторые поля не заполнены или заполнены неверно',
  },
  MALFORMED_BODY: {
    status: 400,
    uz: "So'rov tanasi noto'g'ri (JSON o'qib bo'lmadi)",
    en: 'The request body could not be read (malformed JSON)',
    ru: 'Не удалось прочитать тело запроса (неверный JSON)',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    uz: "Bu ma'lumot turi qabul qilinmaydi",
    en: 'This content type is not accepted',
    ru: 'Этот тип содержимого не принимается',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    uz: "So'rov juda katta",
    en: 'The request is too large',
    ru: 'Запрос слишком большой',
  },
  NOT_AUTHENTICATED: {
    status: 401,
    uz: 'Tizimga kirish talab qilinadi',
    en: 'Please log in first',
    ru: 'Необходимо войти в систему',
  },
  TOKEN_INVALID: {
    status: 401,
    uz: 'Sessiya yaroqsiz yoki muddati tugagan. Qaytadan kiring',
    en: 'Your session is invalid or has expired. Please log in again',
    ru: 'Сессия недействительна или истекла. Войдите снова',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    uz: "Email yoki parol noto'g'ri",
    en: 'Wrong e-mail or password',
    ru: 'Неверный e-mail или пароль',
  },
  EMAIL_TAKEN: {
    status: 409,
    uz: "Bu email bilan allaqachon ro'yxatdan o'tilgan",
    en: 'An account with this e-mail already exists',
    ru: 'Аккаунт с таким e-mail уже существует',
  },
  TOO_MANY_LOGIN_ATTEMPTS: {
    status: 429,
    uz: "Juda ko'p muvaffaqiyatsiz urinish. {minutes} daqiqadan keyin qayta urinib ko'ring",
    en: 'Too many failed attempts. Try again in {minutes} minutes',
    ru: 'Слишком много неудачных попыток. Повторите через {minutes} мин.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    uz: "Juda ko'p so'rov. Birozdan keyin qayta urinib ko'ring",
    en: 'Too many requests. Please try again shortly',
    ru: 'Слишком много запросов. Повторите немного позже',
  },
  RATE_LIMITED: {
    status: 429,
    uz: "Bu amal juda ko'p takrorlandi. {when} qayta urinib ko'ring",
    en: 'You have done this too many times for now. Try again {when}',
    ru: 'Это действие повторялось слишком часто. Повторите {when}',
  },
  FORBIDDEN: {
    status: 403,
    uz: "Bu amal uchun ruxsat yo'q",
    en: 'You are not allowed to do this',
    ru: 'У вас нет прав на это действие',
  },
  NOT_FOUND: {
    status: 404,
    uz: 'Topilmadi',
    en: 'Not found',
    ru: 'Не найдено',
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    uz: "Bunday manzil yo'q: {method} {url}",
    en: 'No such address: {method} {url}',
    ru: 'Такого адреса нет: {method} {url}',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    uz: "Bu usul qo'llab-quvvatlanmaydi",
    en: 'This method is not allowed',
    ru: 'Этот метод не поддерживается',
  },
  CONFLICT: {
    status: 409,
    uz: 'Amalni bajarib boʻlmadi: maʼlumotlar holati oʻzgargan',
    en: 'The action could not be done: the data has changed',
    ru: 'Действие невозможно: данные изменились',
  },
  VEHICLE_PAPERS_EXPIRED: {
    status: 400,
    uz: "Mashinaning sug'urtasi yoki ro'yxatdan o'tish guvohnomasi muddati o'tgan: uni «Available» yoki «In Transit» qilib ham, taklifda ko'rsatib ham bo'lmaydi. Avval hujjatlarni yangilang",
    en: 'The vehicle’s insurance or registration has expired: it cannot be Available or In Transit, nor be named in a bid. Renew the papers first',
    ru: 'Страховка или регистрация машины просрочены: её нельзя сделать «Available» или «In Transit» и нельзя указать в ставке. Сначала обновите документы',
  },
  VEHICLE_TOO_SMALL: {
    status: 400,
    uz: "Mashinaning yuk ko'tarish quvvati tenderdagi yuk og'irligidan kam",
    en: 'The vehicle’s load capacity is below the tender’s cargo weight',
    ru: 'Грузоподъёмность машины меньше веса груза тендера',
  },
  VEHICLE_INACTIVE: {
    status: 400,
    uz: "Mashina «Inactive» holatida: taklifda ko'rsatishdan oldin uni qayta ishga tushiring",
    en: 'The vehicle is Inactive: put it back in service before naming it in a bid',
    ru: 'Машина в статусе «Inactive»: верните её в работу, прежде чем указывать в ставке',
  },
  VEHICLE_NOT_FOUND: {
    status: 404,
    uz: 'Mashina topilmadi',
    en: 'Vehicle not found',
    ru: 'Машина не найдена',
  },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    uz: "Fayl turi qabul qilinmaydi: faqat PDF, JPEG, PNG yoki WebP (kengaytmasi mazmuniga mos bo'lishi kerak)",
    en: 'This file type is not accepted: only PDF, JPEG, PNG or WebP (with a matching extension)',
    ru: 'Этот тип файла не принимается: только PDF, JPEG, PNG или WebP (с соответствующим расширением)',
  },
  FILE_TOO_LARGE: {
    status: 413,
    uz: "Fayl juda katta: ko'pi bilan 10 MB",
    en: 'The file is too large: at most 10 MB',
    ru: 'Файл слишком большой: не более 10 МБ',
  },
  FILE_LINK_INVALID: {
    status: 403,
    uz: 'Fayl havolasi yaroqsiz yoki muddati tugagan. Sahifani yangilab, qayta oching',
    en: 'This file link is invalid or has expired. Reload the page and open it again',
    ru: 'Ссылка на файл недействительна или устарела. Обновите страницу и откройте её снова',
  },
  FILE_NOT_FOUND: {
    status: 404,
    uz: 'Fayl topilmadi',
    en: 'File not found',
    ru: 'Файл не найден',
  },
  BID_AMOUNT_INVALID: {
    status: 400,
    uz: "Iltimos, to'g'ri narx kiriting",
    en: 'Please enter a valid price',
    ru: 'Пожалуйста, введите корректную цену',
  },
  BID_NOT_LOWER: {
    status: 409,
    uz: "Taklifingiz {min} USD dan kam bo'lishi kerak",
    en: 'Your bid must be lower than {min} USD',
    ru: 'Ваше предложение должно быть меньше {min} USD',
  },
  BID_OWN_TENDER: {
    status: 403,
    uz: "O'z tenderingizga taklif bera olmaysiz",
    en: 'You cannot bid on your own tender',
    ru: 'Нельзя делать предложение на собственный тендер',
  },
  BID_STEP_TOO_SMALL: {
    status: 400,
    uz: "Taklif joriy minimaldan kamida {step} USD past bo'lishi kerak: ko'pi bilan {max} USD",
    en: 'A bid must be at least {step} USD below the current minimum: at most {max} USD',
    ru: 'Предложение должно быть ниже текущего минимума хотя бы на {step} USD: не более {max} USD',
  },
  BUY_NOW_UNAVAILABLE: {
    status: 409,
    uz: 'Bu tenderni darhol olish mumkin emas: narx taklif qilinmagan yoki takliflar undan pastga tushgan',
    en: 'This tender cannot be taken now: it has no buy-now price, or bids have gone below it',
    ru: 'Этот тендер нельзя забрать сразу: цены «купить сейчас» нет или предложения опустились ниже неё',
  },
  BID_NOT_YOURS: {
    status: 403,
    uz: 'Bu taklif sizniki emas',
    en: 'This bid is not yours',
    ru: 'Это предложение не ваше',
  },
  BID_NOT_AWARDED: {
    status: 409,
    uz: 'Bu taklif tasdiqlashni kutmayapti',
    en: 'This bid is not awaiting your confirmation',
    ru: 'Это предложение не ожидает вашего подтверждения',
  },
  AWARD_CONFIRM_EXPIRED: {
    status: 409,
    uz: "Tasdiqlash muddati o'tib ketgan",
    en: 'The time to confirm has passed',
    ru: 'Срок подтверждения истёк',
  },
  BID_NOT_AWARDABLE: {
    status: 409,
    uz: "Bu taklifni tanlab bo'lmaydi: u rad etilgan, muddati o'tgan yoki javobsiz qolgan",
    en: 'This bid cannot be chosen: it was declined, has expired or went unanswered',
    ru: 'Это предложение нельзя выбрать: от него отказались, оно истекло или осталось без ответа',
  },
  RATING_NOT_OPEN: {
    status: 409,
    uz: 'Yukni yetkazib berilgandan keyingina baholash mumkin',
    en: 'A shipment can be rated only once it is delivered',
    ru: 'Оценить перевозку можно только после доставки',
  },
  RATING_CLOSED: {
    status: 409,
    uz: "Baholash muddati o'tgan: yetkazib berilgandan keyin 30 kun",
    en: 'The time to rate has passed: 30 days after delivery',
    ru: 'Срок оценки истёк: 30 дней после доставки',
  },
  ALREADY_RATED: {
    status: 409,
    uz: 'Siz bu yukni allaqachon baholagansiz',
    en: 'You have already rated this shipment',
    ru: 'Вы уже оценили эту перевозку',
  },
  SAVED_SEARCHES_LIMIT: {
    status: 409,
    uz: "Ko'pi bilan {max} ta qidiruvni saqlash mumkin. Avval birini o'chiring",
    en: 'You can keep at most {max} saved searches. Delete one first',
    ru: 'Можно сохранить не более {max} поисков. Сначала удалите один',
  },
  TELEGRAM_OFF: {
    status: 409,
    uz: 'Bu serverda Telegram boti sozlanmagan',
    en: 'Telegram is not set up on this server',
    ru: 'Telegram-бот на этом сервере не настроен',
  },
  PUSH_OFF: {
    status: 409,
    uz: 'Bu serverda brauzer bildirishnomalari sozlanmagan',
    en: 'Browser notifications are not set up on this server',
    ru: 'Уведомления в браузере на этом сервере не настроены',
  },
  COMPANY_SUSPENDED: {
    status: 403,
    uz: "Kompaniyangiz faoliyati to'xtatilgan: tender e'lon qila olmaysiz va taklif bera olmaysiz",
    en: 'Your company is suspended: you cannot post tenders or bid',
    ru: 'Ваша компания приостановлена: нельзя публиковать тендеры и делать предложения',
  },
  COMPANY_NOT_VERIFIED: {
    status: 403,
    uz: 'Bu tenderga faqat tasdiqlangan kompaniyalar taklif bera oladi',
    en: 'Only verified companies may bid on this tender',
    ru: 'На этот тендер могут подавать предложения только проверенные компании',
  },
  COMPANY_INCOMPLETE: {
    status: 409,
    uz: "Tekshiruvga yuborishdan oldin kompaniya ma'lumotlari va ikkala hujjatni to'ldiring",
    en: 'Fill in the company profile and both documents before sending it for review',
    ru: 'Перед отправкой на проверку заполните профиль компании и оба документа',
  },
  COMPANY_ALREADY_UNDER_REVIEW: {
    status: 409,
    uz: 'Kompaniya allaqachon tekshiruvda yoki tasdiqlangan',
    en: 'The company is already under review or verified',
    ru: 'Компания уже на проверке или подтверждена',
  },
  STIR_TAKEN: {
    status: 409,
    uz: 'Bu STIR bilan boshqa tasdiqlangan kompaniya mavjud',
    en: 'Another verified company has this STIR',
    ru: 'Другая подтверждённая компания уже имеет этот ИНН (СТИР)',
  },
  COMPANY_NOT_FOUND: {
    status: 404,
    uz: 'Kompaniya topilmadi',
    en: 'Company not found',
    ru: 'Компания не найдена',
  },
  COMPANY_NOT_PENDING: {
    status: 409,
    uz: 'Kompaniya tekshiruvni kutmayapti',
    en: 'The company is not waiting for review',
    ru: 'Компания не ожидает проверки',
  },
  USER_NOT_FOUND: {
    status: 404,
    uz: 'Bunday emailli foydalanuvchi topilmadi',
    en: 'No user has this e-mail',
    ru: 'Пользователь с таким e-mail не найден',
  },
  MODERATOR_ONLY: {
    status: 403,
    uz: 'Bu amal faqat moderatorlar uchun',
    en: 'Only moderators may do this',
    ru: 'Это действие доступно только модераторам',
  },
  TOO_MANY_REPORTS: {
    status: 429,
    uz: "Bugun juda ko'p shikoyat yubordingiz: kuniga ko'pi bilan {max} ta",
    en: 'You have sent too many reports today: at most {max} a day',
    ru: 'Сегодня вы отправили слишком много жалоб: не более {max} в день',
  },
  REPORT_SUBJECT_NOT_FOUND: {
    status: 404,
    uz: 'Shikoyat qilinayotgan kompaniya yoki tender topilmadi',
    en: 'The company or tender reported was not found',
    ru: 'Компания или тендер, на которые жалоба, не найдены',
  },
  REPORT_NOT_FOUND: {
    status: 404,
    uz: 'Shikoyat topilmadi',
    en: 'Report not found',
    ru: 'Жалоба не найдена',
  },
  TENDER_NOT_OPEN: {
    status: 409,
    uz: 'Bu tender yopilgan',
    en: 'This tender is closed',
    ru: 'Этот тендер закрыт',
  },
  TENDER_ALREADY_AWARDED: {
    status: 409,
    uz: 'Bu tender allaqachon berilgan',
    en: 'This tender has already been awarded',
    ru: 'Этот тендер уже присуждён',
  },
  TENDER_NOT_DRAFT: {
    status: 409,
    uz: "Faqat qoralama tenderni e'lon qilish mumkin",
    en: 'Only a draft tender can be published',
    ru: 'Опубликовать можно только черновик тендера',
  },
  TENDER_NOT_FOUND: {
    status: 404,
    uz: 'Tender topilmadi',
    en: 'Tender not found',
    ru: 'Тендер не найден',
  },
  BID_NOT_FOUND: {
    status: 404,
    uz: 'Taklif topilmadi',
    en: 'Bid not found',
    ru: 'Предложение не найдено',
  },
  TENDER_REQUIRED_FIELDS: {
    status: 400,
    uz: "Iltimos, barcha majburiy maydonlarni to'ldiring",
    en: 'Please fill in all required fields',
    ru: 'Пожалуйста, заполните все обязательные поля',
  },
  TENDER_DATES_REQUIRED: {
    status: 400,
    uz: 'Iltimos, barcha sanalarni tanlang',
    en: 'Please choose all the dates',
    ru: 'Пожалуйста, выберите все даты',
  },
  SHIPMENT_NOT_FOUND: {
    status: 404,
    uz: 'Yuk topilmadi',
    en: 'Shipment not found',
    ru: 'Груз не найден',
  },
  SHIPMENT_STEP_OUT_OF_ORDER: {
    status: 409,
    uz: "Bu bosqichni hozir belgilab bo'lmaydi: avval oldingi bosqich bajarilishi kerak",
    en: 'This step cannot be set now: the previous step must come first',
    ru: 'Этот этап нельзя отметить сейчас: сначала должен быть предыдущий',
  },
  SHIPMENT_STEP_NOT_YOURS: {
    status: 403,
    uz: 'Bu bosqichni boshqa tomon belgilaydi',
    en: 'This step is set by the other party',
    ru: 'Этот этап отмечает другая сторона',
  },
  TRACKING_CARRIER_ONLY: {
    status: 403,
    uz: 'Yukning joylashuvini faqat uning tashuvchisi yuboradi',
    en: 'Only the carrier of this shipment sends its position',
    ru: 'Местоположение груза отправляет только его перевозчик',
  },
  TRACKING_NOT_ON_ROAD: {
    status: 409,
    uz: "Joylashuv faqat yuk ortilgan yoki yo'lda bo'lganda qabul qilinadi",
    en: 'Positions are taken only while the shipment is loaded or on the way',
    ru: 'Местоположение принимается, только пока груз погружен или в пути',
  },
  POSITIONS_BATCH_TOO_LARGE: {
    status: 413,
    uz: "Bir so'rovda ko'pi bilan 100 ta nuqta yuborish mumkin",
    en: 'At most 100 points may be sent in one request',
    ru: 'За один запрос можно отправить не более 100 точек',
  },
  TRACKING_LINK_NOT_FOUND: {
    status: 404,
    uz: 'Kuzatish havolasi topilmadi yoki endi ishlamaydi',
    en: 'This tracking link does not exist or no longer works',
    ru: 'Ссылка для отслеживания не найдена или больше не действует',
  },
  TRACKING_LINK_TOO_LATE: {
    status: 409,
    uz: 'Yuk yetkazib berilganiga 7 kundan oshdi: uni kuzatish havolalari endi ishlamaydi',
    en: 'The shipment was delivered more than 7 days ago: its tracking links no longer work',
    ru: 'Груз доставлен более 7 дней назад: ссылки для отслеживания больше не действуют',
  },
  DELIVERY_PROOF_CARRIER_ONLY: {
    status: 403,
    uz: 'Yetkazib berish dalilini faqat shu yukning tashuvchisi qayd etadi',
    en: 'Only the carrier of this shipment records the proof of delivery',
    ru: 'Подтверждение доставки записывает только перевозчик этого груза',
  },
  DELIVERY_PROOF_NOT_ON_THE_WAY: {
    status: 409,
    uz: 'Yetkazib berish dalilini faqat yuk yoʻlda boʻlganda qayd etish mumkin',
    en: 'The proof of delivery can be recorded only while the shipment is on the way',
    ru: 'Подтверждение доставки можно записать, только пока груз в пути',
  },
  DELIVERY_PROOF_EXISTS: {
    status: 409,
    uz: 'Bu yuk uchun yetkazib berish dalili allaqachon qayd etilgan',
    en: 'The proof of delivery of this shipment has already been recorded',
    ru: 'Подтверждение доставки этого груза уже записано',
  },
  DELIVERY_PHOTOS_COUNT: {
    status: 400,
    uz: 'Yukning 1 tadan 6 tagacha suratini qoʻshing',
    en: 'Add 1 to 6 photos of the cargo',
    ru: 'Добавьте от 1 до 6 фотографий груза',
  },
  DELIVERY_PHOTO_NOT_IMAGE: {
    status: 400,
    uz: 'Surat JPEG, PNG yoki WebP rasm boʻlishi kerak',
    en: 'A photo must be a JPEG, PNG or WebP image',
    ru: 'Фотография должна быть изображением JPEG, PNG или WebP',
  },
  DELIVERY_SIGNATURE_INVALID: {
    status: 400,
    uz: 'Qabul qiluvchi ekranda imzo chekishi kerak (PNG rasm)',
    en: 'The receiver must sign on the screen (a PNG image)',
    ru: 'Получатель должен расписаться на экране (изображение PNG)',
  },
  DELIVERY_SIGNATURE_TOO_LARGE: {
    status: 413,
    uz: 'Imzo rasmi juda katta: koʻpi bilan 1 MB',
    en: 'The signature image is too large: at most 1 MB',
    ru: 'Изображение подписи слишком большое: не более 1 МБ',
  },
  DELIVERY_NOTE_NOT_READY: {
    status: 409,
    uz: 'Yetkazib berish yoʻlxati yetkazib berish dalili qayd etilgach yoki yuk yetkazilgach tayyor boʻladi',
    en: 'The delivery note is ready once the proof of delivery is recorded or the shipment is delivered',
    ru: 'Накладная о доставке будет готова после записи подтверждения доставки или доставки груза',
  },
  SMS_CODE_WRONG: {
    status: 400,
    uz: "Kod noto'g'ri. Yana {left} ta urinish qoldi",
    en: 'The code is wrong. {left} tries left',
    ru: 'Неверный код. Осталось попыток: {left}',
  },
  SMS_CODE_EXPIRED: {
    status: 400,
    uz: "Kod muddati tugagan yoki ko'p marta noto'g'ri kiritilgan. Yangi kod so'rang",
    en: 'The code has expired or was entered wrong too often. Ask for a new one',
    ru: 'Код истёк или введён неверно слишком много раз. Запросите новый',
  },
  SMS_RESEND_TOO_SOON: {
    status: 429,
    uz: "Yangi kodni {seconds} soniyadan keyin so'rash mumkin",
    en: 'You can ask for a new code in {seconds} seconds',
    ru: 'Новый код можно запросить через {seconds} с',
  },
  SMS_DAILY_LIMIT: {
    status: 429,
    uz: "Bugun juda ko'p kod so'raldi. {hours} soatdan keyin qayta urinib ko'ring",
    en: 'Too many codes were asked for today. Try again in {hours} hours',
    ru: 'Сегодня запрошено слишком много кодов. Повторите через {hours} ч',
  },
  PHONE_NOT_REGISTERED: {
    status: 404,
    uz: "Bu raqam bilan hali hisob yo'q: ro'yxatdan o'ting",
    en: 'No account with this number yet: register',
    ru: 'С этим номером ещё нет аккаунта: зарегистрируйтесь',
  },
  ERI_UNAVAILABLE: {
    status: 503,
    uz: 'ERI-kalit bilan kirish hozir ishlamayapti: E-IMZO serveri ulanmagan yoki javob bermayapti. Parol bilan kiring',
    en: 'Signing in with an ERI key is not available now: the E-IMZO server is not set up or not answering. Use your password',
    ru: 'Вход по ЭЦП сейчас недоступен: сервер E-IMZO не настроен или не отвечает. Войдите по паролю',
  },
  ERI_SIGNATURE_REFUSED: {
    status: 401,
    uz: 'E-IMZO imzoni qabul qilmadi. Kalitni qayta tanlab, yangidan imzolang',
    en: 'E-IMZO did not accept the signature. Choose the key again and sign anew',
    ru: 'E-IMZO не принял подпись. Выберите ключ снова и подпишите заново',
  },
  ERI_CERTIFICATE_EXPIRED: {
    status: 401,
    uz: 'Bu ERI-kalitning muddati tugagan yoki hali boshlanmagan. Amaldagi kalitni tanlang',
    en: 'This ERI key has expired or is not valid yet. Choose a current key',
    ru: 'Срок действия этого ключа ЭЦП истёк или ещё не начался. Выберите действующий ключ',
  },
  ERI_NOT_LINKED: {
    status: 404,
    uz: "Bu ERI-kalit hech bir hisobga bog'lanmagan. Bir marta parol bilan kirib, kalitni profilda bog'lang",
    en: 'This ERI key is not linked to any account. Sign in once with your password and link it in your profile',
    ru: 'Этот ключ ЭЦП не привязан ни к одному аккаунту. Войдите один раз по паролю и привяжите ключ в профиле',
  },
  ERI_ALREADY_LINKED: {
    status: 409,
    uz: "Bu ERI-kalit egasi boshqa hisobga bog'langan",
    en: 'The owner of this ERI key is linked to another account',
    ru: 'Владелец этого ключа ЭЦП привязан к другому аккаунту',
  },
  SESSION_NOT_FOUND: {
    status: 404,
    uz: 'Bunday sessiya topilmadi yoki u allaqachon yakunlangan',
    en: 'No such session, or it has already ended',
    ru: 'Такой сессии нет, или она уже завершена',
  },
  SESSION_IS_CURRENT: {
    status: 409,
    uz: 'Bu joriy sessiyangiz: undan chiqish uchun «Chiqish» tugmasini bosing',
    en: 'This is your current session: use Log out to end it',
    ru: 'Это ваша текущая сессия: чтобы её завершить, нажмите «Выйти»',
  },
  RESET_LINK_INVALID: {
    status: 400,
    uz: "Parolni tiklash havolasi yaroqsiz yoki muddati tugagan. Yangisini so'rang",
    en: 'This password reset link is invalid or has expired. Ask for a new one',
    ru: 'Ссылка для сброса пароля недействительна или устарела. Запросите новую',
  },
  IMPORT_FILE_MISSING: {
    status: 400,
    uz: "CSV faylni tanlang: so'rovda «file» maydoni yo'q",
    en: 'Choose a CSV file: the request has no «file» field',
    ru: 'Выберите CSV-файл: в запросе нет поля «file»',
  },
  IMPORT_EMPTY: {
    status: 400,
    uz: "Fayl bo'sh: sarlavha qatori va kamida bitta tender qatori bo'lishi kerak",
    en: 'The file is empty: it needs a header row and at least one tender row',
    ru: 'Файл пуст: нужна строка заголовков и хотя бы одна строка с тендером',
  },
  IMPORT_NOT_CSV: {
    status: 415,
    uz: "Bu CSV matn fayli emas (Excel, PDF yoki rasmga o'xshaydi). Jadvalni «CSV UTF-8» sifatida saqlang",
    en: 'This is not a CSV text file (it looks like a spreadsheet, a PDF or an image). Save the sheet as «CSV UTF-8»',
    ru: 'Это не текстовый CSV-файл (похоже на книгу Excel, PDF или изображение). Сохраните таблицу как «CSV UTF-8»',
  },
  IMPORT_BAD_ENCODING: {
    status: 400,
    uz: 'Fayl UTF-8 kodlashda emas (masalan, Windows-1251). Excelda «CSV UTF-8» sifatida saqlang',
    en: 'The file is not in UTF-8 (Windows-1251, say). In Excel, save it as «CSV UTF-8»',
    ru: 'Файл не в кодировке UTF-8 (например, Windows-1251). В Excel сохраните его как «CSV UTF-8»',
  },
  IMPORT_MALFORMED: {
    status: 400,
    uz: "CSV faylni {line}-qatorda o'qib bo'lmadi: qo'shtirnoqlarni tekshiring",
    en: 'The CSV file could not be read at line {line}: check its quotes',
    ru: 'Не удалось прочитать CSV-файл в строке {line}: проверьте кавычки',
  },
  IMPORT_MISSING_COLUMNS: {
    status: 400,
    uz: "Faylda majburiy ustunlar yo'q: {columns}. Shablonni yuklab olib, uning sarlavhalaridan foydalaning",
    en: 'The file lacks required columns: {columns}. Download the template and use its header row',
    ru: 'В файле нет обязательных столбцов: {columns}. Скачайте шаблон и используйте его заголовки',
  },
  IMPORT_DUPLICATE_COLUMN: {
    status: 400,
    uz: 'Ustun ikki marta berilgan: {column}',
    en: 'A column appears twice: {column}',
    ru: 'Столбец указан дважды: {column}',
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 400,
    uz: "Bir faylda ko'pi bilan {max} ta qator bo'lishi mumkin, bu faylda {rows} ta. Uni bir necha faylga bo'ling",
    en: 'A file may hold at most {max} rows; this one has {rows}. Split it into several files',
    ru: 'В файле может быть не больше {max} строк, в этом — {rows}. Разделите его на несколько файлов',
  },
  IMPORT_FILE_TOO_LARGE: {
    status: 413,
    uz: "Fayl juda katta: ko'pi bilan {megabytes} MB",
    en: 'The file is too large: at most {megabytes} MB',
    ru: 'Файл слишком большой: не более {megabytes} МБ',
  },
  IMPORT_INVALID_ROWS: {
    status: 400,
    uz: "{invalid} ta qatorda xato bor: hech narsa import qilinmadi. Avval tekshirib ko'ring",
    en: '{invalid} rows have errors: nothing was imported. Check the file first',
    ru: 'Строк с ошибками: {invalid}. Ничего не импортировано: сначала проверьте файл',
  },
  INTERNAL: {
    status: 500,
    uz: "Serverda kutilmagan xatolik yuz berdi. Birozdan keyin qayta urinib ko'ring",
    en: 'Something went wrong on our side. Please try again shortly',
    ru: 'На сервере произошла ошибка. Повторите немного позже',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    uz: 'Xizmat vaqtincha ishlamayapti',
    en: 'The service is temporarily unavailable',
    ru: 'Сервис временно недоступен',
  },
  BAD_REQUEST: {
    status: 400,
    uz: "So'rovni o'qib bo'lmadi",
    en: 'The request could not be read',
    ru: 'Не удалось прочитать запрос',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    uz: "So'rov juda uzoq davom etdi",
    en: 'The request took too long',
    ru: 'Запрос выполнялся слишком долго',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    uz: "So'rov sarlavhalari juda katta",
    en: 'The request headers are too large',
    ru: 'Заголовки запроса слишком большие',
  },
} as const satisfies Record<string, Localized & { status: number }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERRORS;
}

export function errorText(code: ErrorCode, lang: Language, params?: Record<string, string | number>): string {
  return interpolate(ERRORS[code][lang], params);
}

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}
