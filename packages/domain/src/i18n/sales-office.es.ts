/**
 * Texts of the sales back office, /comercial/sale 'Ventas' (01 §2, §4, §7; 02 §5 sale dialog;
 * issue #14). The specification gives the menu label and the dialog's rules; the rest is ours
 * (docs/decisions.md "Sales back office"). Part of the one Spanish catalogue: `es.salesOffice`.
 */
/** The labels of a sale's fields, the same in every sale form (02 §5, 03 §9). */
export const saleFieldsEs = {
  status: 'Estado',
  ticketId: 'Ticket',
  ticketSaleId: 'Id de venta',
  entryDate: 'Fecha de ingreso', // spec: 03 §9
  saleDate: 'Fecha de venta', // spec: 03 §9
  datePlaceholder: 'DD/MM/AAAA',
  phone: 'Teléfono',
  name: 'Nombre',
  govId: 'Cedula', // spec: 03 §9
  product: 'Producto',
  value: 'Precio',
};

export const salesOfficeEs = {
  title: 'Ventas',
  search: 'Buscar ventas',
  searchPlaceholder: 'Buscar por teléfono, ticket o nombre',
  statusFilter: 'Estado',
  sellerFilter: 'Vendedor',
  fromFilter: 'Ingreso desde',
  toFilter: 'Ingreso hasta',
  /** The sale-date period of a 'Rendimiento' figure's records (issue #35). */
  datesFilter: 'Fechas de',
  dates: { entry: 'Ingreso', sale: 'Venta' },
  saleFromFilter: 'Venta desde',
  saleToFilter: 'Venta hasta',
  allSellers: 'Todos los vendedores',
  clearFilters: 'Limpiar filtros',
  empty: 'No hay ventas',
  noResults: 'No hay ventas que coincidan con la búsqueda o los filtros',
  loadMore: 'Cargar más',
  newSale: 'Nueva venta',
  selectAll: 'Seleccionar todas las ventas cargadas',
  selectSale: 'Seleccionar la venta {ticket}',
  selected: '{n} seleccionadas',
  bulkStatus: 'Cambiar estado',
  bulkTitle: 'Cambiar el estado de {n} ventas',
  bulkApply: 'Aplicar',
  bulkProgress: '{done} de {total}',
  bulkDone: 'Se cambió el estado de {n} ventas.',
  bulkFailures: 'No se pudo cambiar {n}:',
  bulkFailure: 'Ticket {ticket}: {message}',
  bulkSoldNote:
    'Para marcar como vendidas, cada venta debe tener ya fecha e id de venta; las que no los tengan quedarán sin cambiar.',
  excel: 'Descargar Excel',
  excelProgress: 'Descargando {kb} KB de {n} ventas…',
  excelDone: 'Excel descargado ({n} ventas).',
  excelFailed: 'No se pudo descargar el Excel.',
  excelFile: 'ventas',
  sort: 'Ordenar por {column}',
  columns: {
    ticket: 'Ticket',
    ticketSale: 'Id de venta',
    entryDate: 'Fecha de ingreso', // spec: 03 §9
    saleDate: 'Fecha de venta', // spec: 03 §9
    phone: 'Teléfono',
    name: 'Nombre',
    govId: 'Cedula', // spec: 03 §9
    product: 'Producto',
    total: 'Precio',
    status: 'Estado',
    seller: 'Vendedor',
    cancelReason: 'Motivo de cancelación',
  },
  statuses: {
    new: 'Ingresada',
    pending: 'Pendiente',
    sold: 'Vendida',
    canceled: 'Cancelada',
  },
  noReason: 'Sin razón especificada', // spec: 03 §8
  timeline: {
    sale: 'Venta {ticket}: {status}',
    stateChange: 'Venta {ticket}: cambió a {status}',
    canceled: 'Venta {ticket} cancelada: {reason}',
  },
  noSeller: 'Sin vendedor',
  dialog: {
    createTitle: 'Nueva venta',
    editTitle: 'Venta {ticket}',
    ...saleFieldsEs,
    seller: 'Vendedor',
    userLock: 'Bloquear el vendedor',
    sellerLocked: 'El vendedor de esta venta está bloqueado.',
    lockedNote: 'Solo el equipo comercial puede modificar los datos de la venta.',
    contact: 'Contacto',
    openContact: 'Abrir conversación',
    noContact: 'Ningún contacto tuyo tiene este teléfono.',
    canceledWith: 'Cancelada: {reason}',
    cancel: 'Cancelar venta',
    cancelTitle: 'Cancelar la venta {ticket}',
    cancelReason: 'Motivo (opcional)',
    cancelConfirm: 'Cancelar venta',
    cancelBack: 'Volver',
    save: 'Guardar',
    create: 'Crear venta',
    close: 'Cerrar',
    saved: 'Venta guardada.',
    created: 'Venta creada.',
    canceled: 'Venta cancelada.',
    required: 'Campo requerido',
    saleDateRequired: 'La fecha de venta es obligatoria en una venta concretada',
    ticketSaleIdRequired: 'El id de venta es obligatorio en una venta concretada',
    dateFormat: 'La fecha debe tener el formato DD/MM/AAAA',
    dateMissing: 'La fecha no existe',
    valueInvalid: 'El precio debe ser un número mayor o igual a 0',
    saleDateKept: 'La fecha de venta no se puede quitar; puedes cambiarla.',
    cancelWithButton: "Para cancelar la venta usa 'Cancelar venta'.",
    partial: 'Se guardó una parte de los cambios: {message}',
  },
} as const;
