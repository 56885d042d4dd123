/**
 * The provincial-level divisions of China, for the 'city (province)' item of the registration
 * form (spec 9). The stored value is the Chinese name. No Node imports here.
 */
export const PROVINCES: ReadonlyArray<{ zh: string; en: string }> = [
  { zh: '北京', en: 'Beijing' },
  { zh: '天津', en: 'Tianjin' },
  { zh: '河北', en: 'Hebei' },
  { zh: '山西', en: 'Shanxi' },
  { zh: '内蒙古', en: 'Inner Mongolia' },
  { zh: '辽宁', en: 'Liaoning' },
  { zh: '吉林', en: 'Jilin' },
  { zh: '黑龙江', en: 'Heilongjiang' },
  { zh: '上海', en: 'Shanghai' },
  { zh: '江苏', en: 'Jiangsu' },
  { zh: '浙江', en: 'Zhejiang' },
  { zh: '安徽', en: 'Anhui' },
  { zh: '福建', en: 'Fujian' },
  { zh: '江西', en: 'Jiangxi' },
  { zh: '山东', en: 'Shandong' },
  { zh: '河南', en: 'Henan' },
  { zh: '湖北', en: 'Hubei' },
  { zh: '湖南', en: 'Hunan' },
  { zh: '广东', en: 'Guangdong' },
  { zh: '广西', en: 'Guangxi' },
  { zh: '海南', en: 'Hainan' },
  { zh: '重庆', en: 'Chongqing' },
  { zh: '四川', en: 'Sichuan' },
  { zh: '贵州', en: 'Guizhou' },
  { zh: '云南', en: 'Yunnan' },
  { zh: '西藏', en: 'Tibet' },
  { zh: '陕西', en: 'Shaanxi' },
  { zh: '甘肃', en: 'Gansu' },
  { zh: '青海', en: 'Qinghai' },
  { zh: '宁夏', en: 'Ningxia' },
  { zh: '新疆', en: 'Xinjiang' },
  { zh: '台湾', en: 'Taiwan' },
  { zh: '香港', en: 'Hong Kong' },
  { zh: '澳门', en: 'Macao' },
];

export const PROVINCE_NAMES: ReadonlySet<string> = new Set(PROVINCES.map((p) => p.zh));
