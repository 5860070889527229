/** The calls of one report kind under its base path (weekly keeps SPEC §7's before/create). */
const reportRoutesOf = <B extends string>(base: B) =>
  ({
    preview: `${base}/before/create`,
    create: `${base}/create`,
    list: `${base}/list`,
    detail: `${base}/detail`,
    update: `${base}/update`,
    delete: `${base}/delete`,
    orders: `${base}/orders`,
    series: `${base}/series`,
    team: `${base}/team`,
    pdf: `${base}/pdf`,
    teamPdf: `${base}/team/pdf`,
    comment: `${base}/comment`,
    commentList: `${base}/comment/list`,
    commentReply: `${base}/comment/reply`,
    like: `${base}/like`,
    remind: `${base}/remind`,
  }) as const;

/** The calls of one report kind under its base path. */
export type ReportRoutes<B extends string> = ReturnType<typeof reportRoutesOf<B>>;

// 周报 and 半月报: /seller/weekly/staff/ and /seller/halfmonth/staff/
export const weeklyReport = /* @__PURE__ */ reportRoutesOf('/seller/weekly/staff');
export const halfMonthReport = /* @__PURE__ */ reportRoutesOf('/seller/halfmonth/staff');
