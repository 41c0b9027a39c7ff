import { defineMessages } from '../../i18n/define-messages'

/** The window's words for this feature (see define-messages.ts). */
export const attachmentsMessages = defineMessages(
  {
    'attachments.attach': 'Attach',
    'attachments.limits':
      'Images up to {image} (PNG, JPEG, GIF, WebP); text files up to {text}; up to {count} files, {total} in all.',
    'attachments.list': 'Files to send',
    'attachments.sent': 'Attached files',
    'attachments.remove': 'Remove {name}',
    'attachments.textFile': 'Text file, {size}',
    'attachments.imageFile': 'Image, {size}',
    'attachments.dropHere': 'Drop files to attach them',
    'attachments.loading': 'Loading {name}…',
    'attachments.problem.attachment-type':
      '{name} cannot be attached: only images (PNG, JPEG, GIF, WebP) and text files can.',
    'attachments.problem.attachment-image-too-big': '{name} is too big ({size}): images can be up to {max}.',
    'attachments.problem.attachment-text-too-big': '{name} is too big ({size}): text files can be up to {max}.',
    'attachments.problem.attachment-too-many': 'At most {max} files can go with one message.',
    'attachments.problem.attachment-total-too-big':
      'These files are too big together ({size}): at most {max} per message.',
    'attachments.problem.attachment-not-image': '{name} is not a valid image of its type.',
    'attachments.problem.attachment-not-text': '{name} is not a text file Keel can read (UTF-8).',
    'attachments.problem.attachment-empty': '{name} is empty.',
  },
  {
    'attachments.attach': 'Anexar',
    'attachments.limits':
      'Imagens de até {image} (PNG, JPEG, GIF, WebP); arquivos de texto de até {text}; até {count} arquivos, {total} no total.',
    'attachments.list': 'Arquivos a enviar',
    'attachments.sent': 'Arquivos anexados',
    'attachments.remove': 'Remover {name}',
    'attachments.textFile': 'Arquivo de texto, {size}',
    'attachments.imageFile': 'Imagem, {size}',
    'attachments.dropHere': 'Solte os arquivos para anexá-los',
    'attachments.loading': 'Carregando {name}…',
    'attachments.problem.attachment-type':
      'Não é possível anexar {name}: só imagens (PNG, JPEG, GIF, WebP) e arquivos de texto.',
    'attachments.problem.attachment-image-too-big': '{name} é grande demais ({size}): imagens podem ter até {max}.',
    'attachments.problem.attachment-text-too-big':
      '{name} é grande demais ({size}): arquivos de texto podem ter até {max}.',
    'attachments.problem.attachment-too-many': 'No máximo {max} arquivos podem ir com uma mensagem.',
    'attachments.problem.attachment-total-too-big':
      'Estes arquivos são grandes demais juntos ({size}): no máximo {max} por mensagem.',
    'attachments.problem.attachment-not-image': '{name} não é uma imagem válida do seu tipo.',
    'attachments.problem.attachment-not-text': '{name} não é um arquivo de texto que o Keel consiga ler (UTF-8).',
    'attachments.problem.attachment-empty': '{name} está vazio.',
  },
  {
    'attachments.attach': 'Adjuntar',
    'attachments.limits':
      'Imágenes de hasta {image} (PNG, JPEG, GIF, WebP); archivos de texto de hasta {text}; hasta {count} archivos, {total} en total.',
    'attachments.list': 'Archivos para enviar',
    'attachments.sent': 'Archivos adjuntos',
    'attachments.remove': 'Quitar {name}',
    'attachments.textFile': 'Archivo de texto, {size}',
    'attachments.imageFile': 'Imagen, {size}',
    'attachments.dropHere': 'Suelta los archivos para adjuntarlos',
    'attachments.loading': 'Cargando {name}…',
    'attachments.problem.attachment-type':
      'No se puede adjuntar {name}: solo imágenes (PNG, JPEG, GIF, WebP) y archivos de texto.',
    'attachments.problem.attachment-image-too-big':
      '{name} es demasiado grande ({size}): las imágenes pueden tener hasta {max}.',
    'attachments.problem.attachment-text-too-big':
      '{name} es demasiado grande ({size}): los archivos de texto pueden tener hasta {max}.',
    'attachments.problem.attachment-too-many': 'Como máximo {max} archivos pueden ir con un mensaje.',
    'attachments.problem.attachment-total-too-big':
      'Estos archivos son demasiado grandes juntos ({size}): como máximo {max} por mensaje.',
    'attachments.problem.attachment-not-image': '{name} no es una imagen válida de su tipo.',
    'attachments.problem.attachment-not-text': '{name} no es un archivo de texto que Keel pueda leer (UTF-8).',
    'attachments.problem.attachment-empty': '{name} está vacío.',
  },
)
