/** The vnu-jar package's main export: the path of vnu.jar (the Nu HTML Checker). */
declare module "vnu-jar" {
  const vnuJarPath: string;
  export default vnuJarPath;
}
