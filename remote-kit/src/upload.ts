// POST /storage/upload?path=images/<filename> with the raw file (not multipart), so the browser's
// XHR reports upload progress (SPEC §2 "upload with a progress percentage"). The caller parses the
// answer with its schema.
import { UPLOAD_FOLDER } from '@ajo/shared/constants';
import { loadHostApi, type RequestOptions } from './host';

export async function uploadToStorage(
  file: Blob,
  fileName: string,
  onProgress: (percent: number) => void,
): Promise<unknown> {
  const { api } = await loadHostApi();
  const options: RequestOptions = {
    params: { path: `${UPLOAD_FOLDER}/${fileName}` },
    headers: { 'Content-Type': file.type || 'image/jpeg' },
    onUploadProgress: ({ loaded, total }) => {
      const size = total ?? file.size;
      if (size > 0) onProgress(Math.min(100, Math.round((loaded / size) * 100)));
    },
  };
  return (await api.post('/storage/upload', file, options)).data;
}
