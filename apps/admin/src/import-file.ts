/** The file's bytes as base64, as the imports' bodies carry them. */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('无法读取该文件'));
    reader.readAsDataURL(file);
  });
}
