/** A conference's payment configuration as a manager sends it, with secret values easy to look for. */
import type { PayConfigInput } from '../../../server/contract/payments';
import { issueCertificate, pkcs12Pem, rsaKeyPair, selfSignedCertificate } from '../../fakes/pki';

// Real keys and certificates: saving a gateway method checks that they parse and open.
const walletKeys = rsaKeyPair();
const platformKeys = rsaKeyPair();
const cardRoot = issueCertificate({ commonName: 'card root', serialHex: '6abc01', ca: true });
const cardMerchant = rsaKeyPair();
const cardPassword = 'CertPass-Sekret-5512';
const cardMerchantCert = selfSignedCertificate(cardMerchant, { commonName: 'merchant', serialHex: '4abc01' });

/** Every secret value used below: none may appear in any answer or page. */
export const SECRETS = {
  payPassword: 'PayPass-Sekret-7731',
  rootCertificate: cardRoot.certificatePem,
  middleCertificate: issueCertificate({
    commonName: 'card intermediate',
    serialHex: '6abc02',
    ca: true,
    issuer: cardRoot,
  }).certificatePem,
  privateKeyCertificate: pkcs12Pem(cardMerchant, cardMerchantCert, cardPassword),
  certificatePassword: cardPassword,
  merchantKey: 'MerchantKey-Sekret-4410-abcdefgh',
  clientSecret: 'ClientSecret-Sekret-9902',
  walletKey: walletKeys.privateKeyPem,
};

export const BANK = {
  accountName: 'Conference Org Ltd',
  account: '6222 0000 1111 2222',
  bankName: 'Bank of Somewhere',
};
export const POSTAL = { payeeName: '会务组', address: '北京市海淀区中关村南四街4号', postCode: '100190' };

export function fullConfig(change: Partial<PayConfigInput> = {}): PayConfigInput {
  return {
    generalMethods: ['bankRemit', 'cardForeign', 'walletA', 'onlineWallet'],
    hotelSeparate: false,
    hotelMethods: [],
    combinedAllowed: true,
    methods: [
      {
        method: 'bankRemit',
        titleZh: '银行汇款',
        titleEn: 'Bank transfer',
        noteZh: '请注明订单号',
        noteEn: 'Write the reference',
        fields: BANK,
      },
      { method: 'postalRemit', titleZh: '', titleEn: '', noteZh: '', noteEn: '', fields: POSTAL },
      {
        method: 'cardForeign',
        titleZh: '',
        titleEn: '',
        noteZh: '',
        noteEn: '',
        fields: {
          merchantId: 'M-001',
          terminalNo: 'T-9',
          payPassword: SECRETS.payPassword,
          rootCertificate: SECRETS.rootCertificate,
          middleCertificate: SECRETS.middleCertificate,
          privateKeyCertificate: SECRETS.privateKeyCertificate,
          certificatePassword: SECRETS.certificatePassword,
        },
      },
      {
        method: 'walletA',
        titleZh: '',
        titleEn: '',
        noteZh: '',
        noteEn: '',
        fields: {
          merchantId: 'WA-1',
          merchantKey: SECRETS.merchantKey,
          appId: 'wx-app-1',
          merchantSerialNo: 'SERIAL01',
          privateKey: SECRETS.walletKey,
          platformPublicKeyId: 'PUB_KEY_ID_01',
          platformPublicKey: platformKeys.publicKeyPem,
        },
      },
      {
        method: 'onlineWallet',
        titleZh: '',
        titleEn: '',
        noteZh: '',
        noteEn: '',
        fields: { clientId: 'client-1', clientSecret: SECRETS.clientSecret, webhookId: 'WH-1' },
      },
      {
        method: 'other',
        titleZh: '其他',
        titleEn: 'Other',
        noteZh: '',
        noteEn: '',
        fields: { html: '<p>到会务组现场缴费</p><script>alert(1)</script>' },
      },
    ],
    ...change,
  };
}

export function expectNoSecret(text: string): void {
  for (const [name, value] of Object.entries(SECRETS)) {
    // The PEM bodies are the secret part; a header line alone says nothing.
    const needle = value.includes('-----') ? value.split('\n')[1] : value;
    if (text.includes(needle)) throw new Error(`the secret ${name} was sent`);
  }
}
