// What a bundle file is, said as its publisher and title, for answers read by people: a row keeps its file
// (score_lines/liuguanghui_score_lines.csv.gz) so an engineer can trace it, but a student is told who published
// the figure. The titles follow each data folder's README.txt (provenance of every file).

/** [pattern of the file path relative to the bundle's gaokao/ folder, publisher and title] */
const TITLES: Array<[RegExp, string]> = [
  [/lines_2026\/shandong_/, '山东省教育招生考试院公布的 2026 年普通类常规批投档情况与一分一段表'],
  [/lines_2026\/zhejiang_/, '浙江省教育考试院公布的 2026 年普通类第一段平行投档分数线'],
  [/lines_2026\/guangdong_/, '广东省教育考试院公布的 2026 年本科院校专业组投档情况'],
  [/lines_2026\/jiangsu_/, '江苏省教育考试院公布的 2026 年本科院校专业组投档线（位次按江苏一分一段推算）'],
  [/lines_2026\/hubei_/, '湖北省教育考试院公布的 2026 年本科院校专业组投档线（武汉本地宝转载，第三方转录）'],
  [/lines_2026\/hunan_/, '湖南省教育考试院公布的 2026 年本科批院校专业组投档线（位次按官方一分一段推算）'],
  [/lines_2026\/shanxi_/, '山西省招生考试管理中心公布的 2026 年普通本科批院校专业组投档线（位次按官方一分一段推算）'],
  [/official_provincial\/shandong_/, '山东省教育招生考试院公布的投档情况与一分一段表'],
  [/official_provincial\/zhejiang_2026/, '浙江省教育考试院公布的 2026 年普通类招生计划（部分）'],
  [/official_provincial\/zhejiang_/, '浙江省教育考试院公布的普通类平行投档分数线'],
  [/official_provincial\/hubei_/, '湖北省教育考试院公布的物理类院校专业组投档线'],
  [/official_provincial\/guangdong_/, '广东省教育考试院公布的本科院校专业组投档线'],
  [/official_provincial\/jiangsu_/, '江苏省教育考试院公布的本科院校专业组投档线'],
  [/official_provincial\/beijing_/, '北京教育考试院公布的录取线与一分一段表'],
  [/jamesbong10_shanghai/, '上海市教育考试院公布的投档线与一分一段表（gaokao-analysis 整理）'],
  [/liuxusummer_/, '各省教育考试院公布的投档线与一分一段表（gaokao-advisor 整理）'],
  [/liuguanghui_/, '各省教育考试院与高校公布的数据（gaokao-zhiyuan-site 汇编）'],
  [/jsoneft_/, '2024 年各省录取数据（gaokao-zhiyuan 公开数据集）'],
  [/immaotianyi_/, '各省公布的招生计划、一分一段与控制线（gaokao-volunteer-v2 整理）'],
  [/gaokaoagent_guangdong/, '广东省教育考试院公布的一分一段表（GaokaoAgent 整理）'],
  [/luanche_/, '各省公布的控制线与一分一段表（gaokao-data 整理）'],
  [/eval4_/, '教育部学位与研究生教育发展中心 第四轮学科评估结果（2017）'],
  [/eval5_/, '第五轮学科评估：各校自行公布的结果（非官方发布）'],
  [/ruanke_bcmr_2026/, '软科中国大学专业排名 2026'],
  [/ruanke_bcmr_2025/, '软科中国大学专业排名 2025'],
  [/ruanke_bcur_2026/, '软科中国大学排名 2026'],
  [/ruanke_gras/, '软科中国最好学科排名'],
  [/double_first_class/, '教育部等 第二轮“双一流”建设学科名单（2022）'],
  [/first_class_undergrad/, '教育部 一流本科专业建设点名单'],
  [/majors_catalog|ruanke_bcmr_major_tree/, '普通高等学校本科专业目录（2026）'],
  [/universities\//, '教育部 全国高等学校名单（2025）'],
  [/yijing|zhouyi/, '《周易》经传原文'],
];

/** The publisher and title of a bundle file; files the table does not know are named generically, never by path. */
export function sourceTitle(file: string): string {
  for (const [re, title] of TITLES) if (re.test(file)) return title;
  return '本站数据包中的公开数据';
}
