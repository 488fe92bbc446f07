build-x/pbn/lin_play.o: pbn/lin_play.c pbn/fmt_int.h pbn/pbn.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h
pbn/fmt_int.h:
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
